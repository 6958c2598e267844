import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TopConfig, UserOp } from "../../contract/personal.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

type Page<T> = { total: number; page_no: number; page_size: number; page_count: number; list: T[] };

describe.each(testDialects())("pins, reading settings and recent reads on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let other: string;
  let reels: string[];
  let sutraUid: string;
  let pageUid: string;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "reader1", contact: "reader1@example.org", password: "abc123" });
    await registerUser(h, { username: "reader2", contact: "reader2@example.org", password: "abc123" });
    token = await accessToken(h, "reader1", "abc123");
    other = await accessToken(h, "reader2", "abc123");
    const list = parse(
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/sutra/list", payload: {} }),
    );
    const sutras = (list.result as { list: { uid: string; reel_uids: [string, string][] }[] }).list;
    sutraUid = sutras[0]?.uid ?? "";
    reels = sutras.flatMap((s) => s.reel_uids.map(([uid]) => uid));
    const reel = parse(await h.app.inject({ method: "GET", url: `/v1/reel/${reels[0]}` }));
    pageUid = (reel.result as { pages: { uid: string }[] }).pages[0]?.uid ?? "";
  });
  afterAll(async () => {
    await h.close();
  });

  const call = async (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, as = token) =>
    parse(
      await h.app.inject({
        method,
        url: `/v1/${url}`,
        headers: bearer(as),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    );

  it("pins and unpins tripitakas and sutras, newest first", async () => {
    await call("POST", "user_conf/top_config/tripitaka", { is_add: true, uid: "TS" });
    const pinned = await call("POST", "user_conf/top_config/tripitaka", { is_add: true, uid: "JS" });
    expect((pinned.result as TopConfig).top_uids.tripitaka).toEqual(["JS", "TS"]);
    await call("POST", "user_conf/top_config/sutra", { is_add: true, uid: sutraUid, tripitaka_uid: "JS" });
    await call("POST", "user_conf/top_config/tripitaka", { is_add: false, uid: "TS" });
    const stored = (await call("GET", "user_conf/top_config")).result as TopConfig;
    expect(stored).toEqual({ top_uids: { tripitaka: ["JS"], sutra: { JS: [sutraUid] } } });
    expect(
      ((await call("GET", "user_conf/top_config", undefined, other)).result as TopConfig).top_uids.tripitaka,
    ).toEqual([]);
    expect(
      (await call("POST", "user_conf/top_config/sutra", { is_add: true, uid: "JS9999", tripitaka_uid: "JS" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call("POST", "user_conf/top_config/tripitaka", { is_add: true, uid: "XX" })).statusCode,
    ).toBe(404);
  });

  it("keeps reading settings per field", async () => {
    await call("POST", "user_conf/read_config/fontSize", { value: 24 });
    await call("POST", "user_conf/read_config/quoteCopy", { value: { showTitle: false, sutraPostion: 0 } });
    const settings = (await call("GET", "user_conf/read_config")).result;
    expect(settings).toEqual({ fontSize: 24, quoteCopy: { showTitle: false, sutraPostion: 0 } });
    expect((await call("POST", "user_conf/read_config/bad-name", { value: 1 })).statusCode).toBe(400);
    expect((await call("GET", "user_conf/everything")).statusCode).toBe(400);
  });

  it("lists recent reads newest first, four per page, one entry per reel or page", async () => {
    for (const [i, reel] of reels.slice(0, 5).entries()) {
      h.clock.now += 1000;
      const reply = await call("POST", "JS/user_op", {
        op_type: "reel_read",
        context: { reel_uid: reel, reel_uids: [reel] },
      });
      expect(reply.code, `reel ${i}`).toBe(0);
    }
    h.clock.now += 1000;
    await call("POST", "JS/user_op", { op_type: "reel_read", context: { reel_uid: reels[0] } });
    h.clock.now += 1000;
    await call("POST", "JS/user_op", { op_type: "page_read", context: { page_uid: pageUid } });
    const first = (await call("GET", "JS/recent_read")).result as Page<UserOp>;
    expect(first.total).toBe(6);
    expect(first.page_size).toBe(4);
    expect(first.page_count).toBe(2);
    expect(first.list.map((op) => op.context.page_uid ?? op.context.reel_uid)).toEqual([
      pageUid,
      reels[0],
      reels[4],
      reels[3],
    ]);
    const second = (await call("GET", "JS/recent_read?page_no=2")).result as Page<UserOp>;
    expect(second.list.map((op) => op.context.reel_uid)).toEqual([reels[2], reels[1]]);
    const readsOnly = (await call("GET", "JS/user_op?op_type=page_read")).result as Page<UserOp>;
    expect(readsOnly.list).toHaveLength(1);
    expect(((await call("GET", "JS/recent_read", undefined, other)).result as Page<UserOp>).total).toBe(0);
  });

  it("refuses unknown reels and pages, and reels of another tripitaka", async () => {
    expect(
      (await call("POST", "JS/user_op", { op_type: "reel_read", context: { reel_uid: "JS9999_001" } }))
        .statusCode,
    ).toBe(404);
    expect((await call("POST", "JS/user_op", { op_type: "page_read", context: {} })).statusCode).toBe(400);
    expect(
      (await call("POST", "TS/user_op", { op_type: "reel_read", context: { reel_uid: reels[0] } }))
        .statusCode,
    ).toBe(400);
  });

  it("deletes only the reader's own records", async () => {
    const [latest] = ((await call("GET", "JS/recent_read")).result as Page<UserOp>).list;
    if (!latest) throw new Error("no recent read");
    expect((await call("DELETE", `delete_user_op?id=${latest._id}`, undefined, other)).statusCode).toBe(404);
    expect((await call("DELETE", `delete_user_op?id=${latest._id}`)).code).toBe(0);
    expect(((await call("GET", "JS/recent_read")).result as Page<UserOp>).total).toBe(5);
  });
});
