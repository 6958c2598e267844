/**
 * User administration, on SQLite and PostgreSQL: the administrator's list of users (filters, order,
 * paging), one user, and the change of roles, which the user's next request after one refresh
 * carries; the site always keeps an administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../contract/accounts.ts";
import type { AdminUser } from "../../contract/admin-users.ts";
import type { Paged } from "../../contract/envelope.ts";
import { ApiError } from "../../server/errors.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { lockActiveAdmins } from "../../server/modules/auth/admin-user-repository.ts";
import { changeRoles, LAST_ADMIN_MSG } from "../../server/modules/auth/admin-user-service.ts";
import { hashPassword } from "../../server/modules/auth/passwords.ts";
import { insertUser } from "../../server/modules/auth/user-repository.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, bearer, login, parse, type Reply, startAuthApp } from "./auth-setup.ts";

const PASSWORD = "abc123";
const TEAM_LINK = "https://example.org/join/researchers";

type Seed = {
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  roles: Role[];
};

/** The users besides the administrator, created one second apart in this order. */
const SEEDS: Seed[] = [
  {
    username: "alice",
    nickname: "Alice Liddell",
    email: "alice@Example.org",
    phone: null,
    roles: ["reader"],
  },
  {
    username: "Bob",
    nickname: "鲍勃",
    email: null,
    phone: "13800000001",
    roles: ["reader", "researcher"],
  },
  {
    username: "carol_x",
    nickname: "100% 读者",
    email: "carol@example.org",
    phone: "13900000002",
    roles: ["reader"],
  },
  { username: "dave", nickname: "dave", email: "DAVE@example.com", phone: "13700000003", roles: ["reader"] },
  { username: "erin", nickname: "Erin", email: "erin@example.net", phone: null, roles: ["reader"] },
];
const ADMIN = "users_admin";

describe.each(testDialects())("user administration on %s", (dialect) => {
  let h: AuthHarness;
  let adminToken: string;
  let readerToken: string;
  const ids = new Map<string, number>();

  const call = async (
    token: string | null,
    method: "GET" | "PUT",
    url: string,
    query?: Record<string, string>,
  ): Promise<Reply> =>
    parse(
      await h.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(query ? { query } : {}) }),
    );
  const list = async (query: Record<string, string> = {}): Promise<Paged<AdminUser>> => {
    const reply = await call(adminToken, "GET", "/v1/admin/users", query);
    expect(reply, JSON.stringify(query)).toMatchObject({ statusCode: 200, code: 0 });
    return reply.result as Paged<AdminUser>;
  };
  const names = async (query: Record<string, string> = {}) => (await list(query)).list.map((u) => u.username);
  const setRoles = (token: string, id: number, roles: string) =>
    call(token, "PUT", `/v1/admin/user/${id}`, { roles });
  const signIn = async (username: string) => {
    const reply = await login(h, { username, password: PASSWORD });
    expect(reply.code).toBe(0);
    return {
      token: (reply.result as { access_token: string }).access_token,
      cookie: reply.refreshCookie ?? "",
    };
  };
  /** Exchanges the device's refresh cookie for a new access token, keeping the renewed cookie. */
  const refresh = async (device: { cookie: string }) => {
    const response = await h.app.inject({
      method: "POST",
      url: "/v1/refresh_token",
      cookies: { refresh_token: device.cookie },
    });
    const reply = parse(response);
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    device.cookie = response.cookies.find((c) => c.name === "refresh_token")?.value ?? device.cookie;
    return (reply.result as { access_token: string }).access_token;
  };
  const claimsOf = (token: string): { id: number; roles: Role[] } =>
    JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
  const teamQr = async (token: string) =>
    (await h.app.inject({ method: "GET", url: "/v1/applications/team_qr", headers: bearer(token) }))
      .statusCode;
  /** The users who have the admin role, read from the database. */
  const admins = () =>
    h.database.canon.db
      .selectFrom("user")
      .select(["id", "username"])
      .where("roles", "like", '%"admin"%')
      .execute();
  /** A new reader who signs in, created after everyone else. */
  const newReader = async (username: string) => {
    h.clock.now += 1000;
    const db = h.database.canon.db;
    const id = await insertUser(db, {
      username,
      nickname: username,
      email: null,
      phone: null,
      passwordHash: await hashPassword(PASSWORD),
      roles: ["reader"],
      now: h.clock.now,
    });
    return { id, ...(await signIn(username)) };
  };

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { teamJoinUrl: TEAM_LINK });
    const db = h.database.canon.db;
    await ensureAdmin(db, { username: ADMIN, password: PASSWORD }, h.clock.now);
    const passwordHash = await hashPassword(PASSWORD);
    for (const seed of SEEDS) {
      h.clock.now += 1000;
      ids.set(seed.username, await insertUser(db, { ...seed, passwordHash, now: h.clock.now }));
    }
    adminToken = (await signIn(ADMIN)).token;
    readerToken = (await signIn("alice")).token;
    // Bob's profile changes last, so the newest update is not the newest user.
    h.clock.now += 1000;
    await db.updateTable("user").set({ updated_at: h.clock.now }).where("username", "=", "Bob").execute();
  });
  afterAll(() => h.close());

  it("answers only administrators: 401 signed out, 403 for a reader", async () => {
    const id = ids.get("alice") ?? 0;
    for (const [method, url, query] of [
      ["GET", "/v1/admin/users", undefined],
      ["GET", `/v1/admin/user/${id}`, undefined],
      ["PUT", `/v1/admin/user/${id}`, { roles: "reader,admin" }],
    ] as const) {
      expect(await call(null, method, url, query), url).toMatchObject({ statusCode: 401, code: 401 });
      expect(await call(readerToken, method, url, query), url).toMatchObject({ statusCode: 403, code: 403 });
    }
    expect(await call(adminToken, "GET", "/v1/admin/users")).toMatchObject({ statusCode: 200, code: 0 });
    expect((await call(adminToken, "GET", `/v1/admin/user/${id}`)).result).toMatchObject({
      roles: ["reader"],
    });
  });

  it("lists the newest users first, 10 a page, with the admin view of each", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 6, page_no: 1, page_size: 10, page_count: 1 });
    expect(page.list.map((u) => u.username)).toEqual(["erin", "dave", "carol_x", "Bob", "alice", ADMIN]);
    const bob = page.list.find((u) => u.username === "Bob");
    expect(bob).toEqual({
      _id: ids.get("Bob"),
      avatar: "",
      username: "Bob",
      nickname: "鲍勃",
      email: null,
      phone: "13800000001",
      status: "active",
      roles: ["reader", "researcher"],
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(bob?.updated_at).toBeGreaterThan(bob?.created_at ?? Number.POSITIVE_INFINITY);
    expect(JSON.stringify(page)).not.toContain("password");
  });

  it("filters by text the field contains, trimmed, ignoring the case of Latin letters", async () => {
    expect(await names({ username: "ALI" })).toEqual(["alice"]);
    expect(await names({ username: "  bob " })).toEqual(["Bob"]);
    expect(await names({ nickname: "liddell" })).toEqual(["alice"]);
    expect(await names({ nickname: "鲍" })).toEqual(["Bob"]);
    expect(await names({ email: "EXAMPLE.org" })).toEqual(["carol_x", "alice"]);
    expect(await names({ email: "dave@" })).toEqual(["dave"]);
    expect(await names({ phone: "1380" })).toEqual(["Bob"]);
    expect(await names({ phone: "000000" })).toEqual(["dave", "carol_x", "Bob"]);
    expect(await names({ email: "example", phone: "139" })).toEqual(["carol_x"]);
    expect(await names({ username: "nobody" })).toEqual([]);
  });

  it("matches LIKE's wildcards only as themselves", async () => {
    expect(await names({ username: "_" })).toEqual(["carol_x", ADMIN]);
    expect(await names({ nickname: "%" })).toEqual(["carol_x"]);
    expect(await names({ email: "_" })).toEqual([]);
  });

  it("filters by role, and treats empty text filters as no filter", async () => {
    expect(await names({ role: "researcher" })).toEqual(["Bob"]);
    expect(await names({ role: "admin" })).toEqual([ADMIN]);
    expect((await list({ role: "reader" })).total).toBe(6);
    expect(await names({ role: "researcher", username: "alice" })).toEqual([]);
    expect((await list({ username: "", nickname: "  ", email: "", phone: "" })).total).toBe(6);
  });

  it("sorts on each text field (users without it last) and on both times, either way", async () => {
    const expected: Record<string, (string | null)[]> = {
      username: ["alice", "Bob", "carol_x", "dave", "erin", ADMIN],
      nickname: ["100% 读者", "Alice Liddell", "dave", "Erin", ADMIN, "鲍勃"],
      email: ["alice@Example.org", "carol@example.org", "DAVE@example.com", "erin@example.net", null, null],
      phone: ["13700000003", "13800000001", "13900000002", null, null, null],
      created_at: [ADMIN, "alice", "Bob", "carol_x", "dave", "erin"],
      updated_at: [ADMIN, "alice", "carol_x", "dave", "erin", "Bob"],
    };
    const shown = (user: AdminUser, field: string) =>
      field === "nickname" || field === "email" || field === "phone" ? user[field] : user.username;
    for (const [field, ascending] of Object.entries(expected)) {
      const up = (await list({ sort_by: field })).list.map((u) => shown(u, field));
      expect(up, field).toEqual(ascending);
      const down = (await list({ sort_by: `-${field}` })).list.map((u) => shown(u, field));
      const present = ascending.filter((value) => value !== null);
      const absent = ascending.filter((value) => value === null);
      expect(down, `-${field}`).toEqual([...present.reverse(), ...absent]);
    }
  });

  it("pages the list", async () => {
    const second = await list({ page_size: "2", page_no: "2" });
    expect(second).toMatchObject({ total: 6, page_no: 2, page_size: 2, page_count: 3 });
    expect(second.list.map((u) => u.username)).toEqual(["carol_x", "Bob"]);
    const beyond = await list({ page_size: "2", page_no: "4" });
    expect(beyond).toMatchObject({ total: 6, page_count: 3, list: [] });
    expect((await list({ page_size: "100" })).list).toHaveLength(6);
  });

  it.each([
    [{ role: "pope" }],
    [{ role: "" }],
    [{ sort_by: "age" }],
    [{ sort_by: "--created_at" }],
    [{ sort_by: "password_hash" }],
    [{ page_no: "0" }],
    [{ page_no: "x" }],
    [{ page_size: "0" }],
    [{ page_size: "101" }],
    [{ username: "a".repeat(51) }],
    [{ nickname: "a\u0000b" }],
  ])("refuses the list query %j with 400", async (query) => {
    expect(await call(adminToken, "GET", "/v1/admin/users", query)).toMatchObject({
      statusCode: 400,
      code: 400,
    });
  });

  it("answers one user, 606 for no such user and 400 for an id that is none", async () => {
    const id = ids.get("dave") ?? 0;
    const dave = await call(adminToken, "GET", `/v1/admin/user/${id}`);
    expect(dave).toMatchObject({ statusCode: 200, code: 0 });
    expect(dave.result).toMatchObject({ _id: id, username: "dave", email: "DAVE@example.com" });
    expect(await call(adminToken, "GET", "/v1/admin/user/999999")).toMatchObject({ code: 606 });
    expect(await setRoles(adminToken, 999_999, "reader")).toMatchObject({ code: 606 });
    for (const bad of ["0", "-1", "abc", "2147483648"]) {
      expect(await call(adminToken, "GET", `/v1/admin/user/${bad}`), bad).toMatchObject({
        statusCode: 400,
        code: 400,
      });
      expect(await call(adminToken, "PUT", `/v1/admin/user/${bad}`, { roles: "reader" }), bad).toMatchObject({
        statusCode: 400,
        code: 400,
      });
    }
  });

  it("applies a role change at the user's next request, after one refresh", async () => {
    const reader = await newReader("soon_researcher");
    expect(await teamQr(reader.token)).toBe(403);

    const changed = await setRoles(adminToken, reader.id, "reader,researcher");
    expect(changed).toMatchObject({ statusCode: 200, code: 0 });
    expect(changed.result).toMatchObject({ _id: reader.id, roles: ["reader", "researcher"] });
    expect(await names({ role: "researcher" })).toContain("soon_researcher");

    expect(await call(reader.token, "GET", "/v1/user/profile")).toMatchObject({ statusCode: 401 });
    const fresh = await refresh(reader);
    expect(claimsOf(fresh)).toMatchObject({ id: reader.id, roles: ["reader", "researcher"] });
    expect(await teamQr(fresh)).toBe(200);

    expect(await setRoles(adminToken, reader.id, "reader")).toMatchObject({ statusCode: 200 });
    const after = await refresh(reader);
    expect(claimsOf(after).roles).toEqual(["reader"]);
    expect(await teamQr(after)).toBe(403);
  });

  it("leaves the user's sessions alone when the roles are the ones they have", async () => {
    const reader = await newReader("same_roles");
    expect(await setRoles(adminToken, reader.id, "reader")).toMatchObject({ statusCode: 200, code: 0 });
    expect(await call(reader.token, "GET", "/v1/user/profile")).toMatchObject({ statusCode: 200 });
  });

  it("refuses to take the admin role from the last administrator, who may give it up once another has it", async () => {
    const adminId = claimsOf(adminToken).id;
    const alone = await setRoles(adminToken, adminId, "reader");
    expect(alone).toMatchObject({ statusCode: 422, code: 422, msg: LAST_ADMIN_MSG });
    expect(await names({ role: "admin" })).toEqual([ADMIN]);
    expect(await call(adminToken, "GET", "/v1/admin/users")).toMatchObject({ statusCode: 200 });

    const second = await newReader("second_admin");
    expect(await setRoles(adminToken, second.id, "reader,admin")).toMatchObject({ statusCode: 200 });
    const secondToken = await refresh(second);
    expect(await setRoles(adminToken, adminId, "reader")).toMatchObject({ statusCode: 200, code: 0 });
    expect(await call(adminToken, "GET", "/v1/admin/users")).toMatchObject({ statusCode: 401 });
    const admins = await call(secondToken, "GET", "/v1/admin/users", { role: "admin" });
    expect((admins.result as Paged<AdminUser>).list.map((u) => u.username)).toEqual(["second_admin"]);
    expect(await setRoles(secondToken, second.id, "reader,researcher")).toMatchObject({
      statusCode: 422,
      msg: LAST_ADMIN_MSG,
    });

    expect(await setRoles(secondToken, adminId, "reader,admin")).toMatchObject({ statusCode: 200 });
    adminToken = (await signIn(ADMIN)).token;
    expect((await list({ role: "admin" })).total).toBe(2);
  });

  it("keeps one administrator when two give up the role at the same moment", async () => {
    const adminId = claimsOf(adminToken).id;
    const other = await signIn("second_admin");
    const otherId = claimsOf(other.token).id;
    expect(claimsOf(other.token).roles).toContain("admin");
    const answers = await Promise.all([
      setRoles(adminToken, adminId, "reader"),
      setRoles(other.token, otherId, "reader"),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await admins()).toHaveLength(1);
  });

  it("makes a change wait for another administrator's change in progress, and then see it", async () => {
    const db = h.database.canon.db;
    const [remaining] = await admins();
    if (!remaining) throw new Error("no administrator is left");
    const newcomer = await newReader("third_admin");
    await db
      .updateTable("user")
      .set({ roles: JSON.stringify(["reader", "admin"]) })
      .where("id", "=", newcomer.id)
      .execute();

    let commit = () => {};
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The newcomer gives up the role in a transaction that stays open until `commit()`.
    const inProgress = db.transaction().execute(async (trx) => {
      expect(await lockActiveAdmins(trx, dialect)).toHaveLength(2);
      locked();
      await trx
        .updateTable("user")
        .set({ roles: JSON.stringify(["reader"]) })
        .where("id", "=", newcomer.id)
        .execute();
      await committed;
    });
    // The other change starts once the first holds the lock, not before.
    await holding;
    const ctx = { db, dialect, now: () => h.clock.now };
    const waiting = changeRoles(ctx, remaining.id, ["reader"]).then(
      () => "changed",
      (error: unknown) => (error instanceof ApiError ? error.code : "failed"),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await inProgress;
    expect(await waiting).toBe(422);
    expect(await admins()).toEqual([remaining]);
  });
});
