/**
 * The rules of the administrator's user list: the roles after a box is ticked or cleared, how the
 * roles are named in the success message, and the list's query in the address and in the call.
 */
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { adminUserListQuery } from "../../contract/admin-users.ts";
import { ADMIN_USER_LIST } from "../../src/features/admin/users/adminUserList.ts";
import {
  inRoleOrder,
  isLastRole,
  roleNames,
  toggledRoles,
} from "../../src/features/admin/users/roleChoice.ts";
import {
  listRequestQuery,
  listSearchValidator,
  readListSearch,
} from "../../src/features/list-screen/listSearch.ts";

describe("a role box ticked or cleared", () => {
  it.each([
    [["reader"], "researcher", true, ["researcher", "reader"]],
    [["reader", "researcher"], "researcher", false, ["reader"]],
    [["reader"], "admin", true, ["admin", "reader"]],
    [["researcher", "admin", "reader"], "admin", false, ["researcher", "reader"]],
    [["reader"], "reader", true, ["reader"]],
    [["admin"], "admin", false, null],
  ] as const)("%j with %s set to %s gives %j", (roles, role, checked, expected) => {
    expect(toggledRoles(roles, role, checked)).toEqual(expected);
  });

  it("keeps a user's only role", () => {
    expect(isLastRole(["reader"], "reader")).toBe(true);
    expect(isLastRole(["reader", "admin"], "reader")).toBe(false);
    expect(isLastRole(["admin"], "reader")).toBe(false);
  });

  it("orders roles as the boxes show them, each once", () => {
    expect(inRoleOrder(["reader", "admin", "reader"])).toEqual(["admin", "reader"]);
  });
});

describe("the roles named in the success message", () => {
  it("lists the role names in the screen's order, in the reader's language", () => {
    const zh = setupI18n({ locale: "zh-CN", messages: { "zh-CN": {} } });
    expect(roleNames(zh, ["reader", "researcher"])).toBe("研究者和普通读者");
    expect(roleNames(zh, ["researcher"])).toBe("研究者");
    const en = setupI18n({
      locale: "en",
      messages: {
        en: {
          "admin.users.roleName.admin": "administrator",
          "admin.users.roleName.researcher": "researcher",
          "admin.users.roleName.reader": "ordinary reader",
        },
      },
    });
    expect(roleNames(en, ["reader", "admin", "researcher"])).toBe(
      "administrator, researcher, and ordinary reader",
    );
  });
});

describe("the user list's query", () => {
  it("keeps known roles and orders, leaving defaults out of the address", () => {
    const validate = listSearchValidator(ADMIN_USER_LIST);
    expect(validate({ role: "researcher", username: " bob ", sort_by: "-created_at", page_no: 1 })).toEqual({
      role: "researcher",
      username: "bob",
    });
    expect(validate({ role: "pope", sort_by: "password_hash", page_size: 20 })).toEqual({ page_size: 20 });
    expect(validate({ sort_by: "updated_at", page_no: "3" })).toEqual({ sort_by: "updated_at", page_no: 3 });
  });

  it("asks the server with the default order and size spelled out, and that query is valid", () => {
    const search = readListSearch(ADMIN_USER_LIST, { email: "example.org", role: "admin" });
    const request = listRequestQuery(search);
    expect(request).toEqual({
      page_no: 1,
      page_size: 10,
      email: "example.org",
      role: "admin",
      sort_by: "-created_at",
    });
    expect(adminUserListQuery.safeParse(request).success).toBe(true);
  });

  it.each([
    [{}, true],
    [{ role: "researcher", sort_by: "-phone", page_size: "100" }, true],
    [{ username: "  ", nickname: "" }, true],
    [{ role: "pope" }, false],
    [{ sort_by: "created" }, false],
    [{ sort_by: "-" }, false],
    [{ page_size: "101" }, false],
    [{ page_no: "0" }, false],
    [{ phone: "1".repeat(21) }, false],
  ])("the server's schema takes %j: %s", (query, valid) => {
    expect(adminUserListQuery.safeParse(query).success).toBe(valid);
  });
});
