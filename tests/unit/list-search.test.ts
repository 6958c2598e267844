import { describe, expect, it } from "vitest";
import {
  listRequestQuery,
  listSearchValidator,
  printListSearch,
  readListSearch,
  withFilters,
} from "../../src/features/list-screen/listSearch.ts";

const shape = {
  filters: { username: "text", latest_status: ["pending", "approved", "rejected"] },
  sorts: ["-created_at", "created_at", "username", "-username"],
  defaultSort: "-created_at",
} as const;

describe("an admin list's query in the address", () => {
  it("reads what the router parsed, trimming texts and dropping values the list does not allow", () => {
    const search = readListSearch(shape, {
      username: "  慧皎 ",
      latest_status: "archived",
      sort_by: "nickname",
      page_no: "3",
      page_size: 20,
      other: "x",
    });
    expect(search).toEqual({
      filters: { username: "慧皎", latest_status: "" },
      sort_by: "-created_at",
      page_no: 3,
      page_size: 20,
    });
  });

  it("reads numbers and booleans the router made of digits back as the typed text", () => {
    const search = readListSearch(shape, { username: 13800000000, page_no: 0, page_size: 7 });
    expect(search.filters.username).toBe("13800000000");
    expect(search.page_no).toBe(1);
    expect(search.page_size).toBe(10);
  });

  it("leaves defaults and empty filters out of the address, and prints what it reads back the same", () => {
    const validate = listSearchValidator(shape);
    expect(validate({ username: "", latest_status: "pending", sort_by: "-created_at", page_no: 1 })).toEqual({
      latest_status: "pending",
    });
    const printed = validate({ username: "a", sort_by: "username", page_no: 2, page_size: 50 });
    expect(printed).toEqual({ username: "a", sort_by: "username", page_no: 2, page_size: 50 });
    expect(validate(printed)).toEqual(printed);
  });

  it("asks the server with empty values removed and the page always given", () => {
    const search = readListSearch(shape, { latest_status: "rejected" });
    expect(listRequestQuery(search)).toEqual({
      page_no: 1,
      page_size: 10,
      latest_status: "rejected",
      sort_by: "-created_at",
    });
  });

  it("goes back to page 1 on new filters and keeps the order and page size", () => {
    const search = readListSearch(shape, { sort_by: "username", page_no: 4, page_size: 50 });
    const next = withFilters(shape, search, { username: "dao", latest_status: "pending" });
    expect(printListSearch(shape, next)).toEqual({
      username: "dao",
      latest_status: "pending",
      sort_by: "username",
      page_size: 50,
    });
  });
});
