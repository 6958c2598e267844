import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SutraGroup } from "../../contract/personal.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

describe.each(testDialects())("sutra groups on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let other: string;
  let sutras: string[];

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "grouper", contact: "grouper@example.org", password: "abc123" });
    await registerUser(h, { username: "stranger", contact: "stranger@example.org", password: "abc123" });
    token = await accessToken(h, "grouper", "abc123");
    other = await accessToken(h, "stranger", "abc123");
    const list = parse(
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/sutra/list", payload: {} }),
    );
    sutras = (list.result as { list: { uid: string }[] }).list.map((s) => s.uid);
  });
  afterAll(async () => {
    await h.close();
  });

  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    payload?: unknown,
    as = token,
  ) =>
    parse(
      await h.app.inject({
        method,
        url: `/v1/tripitaka/JS/${path}`,
        headers: bearer(as),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    );
  const groups = async (as = token) =>
    (await call("GET", "sutra_group/all", undefined, as)).result as SutraGroup[];

  it("needs a signed-in reader", async () => {
    const reply = parse(await h.app.inject({ method: "GET", url: "/v1/tripitaka/JS/sutra_group/all" }));
    expect(reply.statusCode).toBe(401);
  });

  it("creates groups in order, refusing empty, long and duplicate names", async () => {
    expect((await call("POST", "sutra_group", { name: "早课" })).code).toBe(0);
    expect((await call("POST", "sutra_group", { name: "禅宗语录" })).code).toBe(0);
    expect((await call("POST", "sutra_group", { name: "  " })).statusCode).toBe(400);
    expect((await call("POST", "sutra_group", { name: "一".repeat(21) })).statusCode).toBe(400);
    expect((await call("POST", "sutra_group", { name: "早课" })).statusCode).toBe(400);
    const list = await groups();
    expect(list.map((g) => [g.name, g.sn])).toEqual([
      ["早课", 1],
      ["禅宗语录", 2],
    ]);
    expect((await call("GET", "sutra_group_name/all")).result).toEqual(["早课", "禅宗语录"]);
    expect(await groups(other)).toEqual([]);
  });

  it("adds and removes sutras of the tripitaka only", async () => {
    const [first, second] = sutras;
    expect(
      (await call("POST", "sutra_group/add_sutras", { name: "早课", sutra_uids: [first, second, first] }))
        .code,
    ).toBe(0);
    expect(
      (await call("POST", "sutra_group/add_sutras", { name: "早课", sutra_uids: ["T0001"] })).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "sutra_group/add_sutras", { name: "没有", sutra_uids: [first] })).statusCode,
    ).toBe(404);
    expect((await groups()).find((g) => g.name === "早课")?.sutra_uids).toEqual([first, second]);
    expect((await call("POST", "sutra_group/remove_sutra", { name: "早课", sutra_uid: first })).code).toBe(0);
    expect((await groups()).find((g) => g.name === "早课")?.sutra_uids).toEqual([second]);
  });

  it("filters the sutra list by the reader's groups", async () => {
    const list = async (payload: Record<string, unknown>, as: string | null = token) =>
      parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/tripitaka/JS/sutra/list",
          headers: as ? bearer(as) : {},
          payload,
        }),
      );
    const inGroup = await list({ sutra_group_names: ["早课"] });
    expect((inGroup.result as { list: { uid: string }[] }).list.map((s) => s.uid)).toEqual([sutras[1]]);
    const empty = await list({ sutra_group_names: ["禅宗语录"] });
    expect(empty.result).toMatchObject({ total: 0, list: [] });
    expect((await list({ sutra_group_names: ["早课"] }, other)).result).toMatchObject({ total: 0 });
    expect((await list({ sutra_group_names: ["早课"] }, null)).statusCode).toBe(401);
  });

  it("renames and reorders by swapping sn, only the reader's own groups", async () => {
    const [morning, chan] = await groups();
    if (!morning || !chan) throw new Error("groups missing");
    expect((await call("PUT", `sutra_group_name/${chan._id}`, { name: "早课" })).statusCode).toBe(400);
    expect((await call("PUT", `sutra_group_name/${chan._id}`, { name: "语录" })).code).toBe(0);
    expect((await call("PUT", `sutra_group_name/${chan._id}`, { name: "别人的" }, other)).statusCode).toBe(
      404,
    );
    const swap = { [morning._id]: chan.sn, [chan._id]: morning.sn };
    expect((await call("PUT", "sutra_group_sn", swap)).code).toBe(0);
    expect((await groups()).map((g) => g.name)).toEqual(["语录", "早课"]);
    expect((await call("PUT", "sutra_group_sn", swap, other)).statusCode).toBe(404);
    expect((await groups()).map((g) => g.name)).toEqual(["语录", "早课"]);
  });

  it("deletes a group with its sutras", async () => {
    const morning = (await groups()).find((g) => g.name === "早课");
    if (!morning) throw new Error("group missing");
    expect((await call("DELETE", `sutra_group/${morning._id}`, undefined, other)).statusCode).toBe(404);
    expect((await call("DELETE", `sutra_group/${morning._id}`)).code).toBe(0);
    expect((await groups()).map((g) => g.name)).toEqual(["语录"]);
    const items = await h.database.canon.db
      .selectFrom("sutra_group_item")
      .select(["sutra_uid"])
      .where("group_id", "=", morning._id)
      .execute();
    expect(items).toEqual([]);
  });

  it("answers 404 for an unknown tripitaka", async () => {
    const reply = parse(
      await h.app.inject({ method: "GET", url: "/v1/tripitaka/XX/sutra_group/all", headers: bearer(token) }),
    );
    expect(reply.statusCode).toBe(404);
  });
});
