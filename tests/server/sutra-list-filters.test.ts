/**
 * The catalogue drawer's extra sutra-list options on SQLite and on PostgreSQL: the advanced
 * "sutra name" filter and a signed-in reader's pinned sutras listed first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SutraListRequest } from "../../contract/canon.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

type SutraPage = { total: number; page_count: number; list: { uid: string }[] };

describe.each(testDialects())("sutra name filter and pinned sutras on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let other: string;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "pinner", contact: "pinner@example.org", password: "abc123" });
    await registerUser(h, { username: "nopins", contact: "nopins@example.org", password: "abc123" });
    token = await accessToken(h, "pinner", "abc123");
    other = await accessToken(h, "nopins", "abc123");
  });
  afterAll(async () => {
    await h.close();
  });

  const list = async (tripitaka: string, body: SutraListRequest, as?: string) => {
    const reply = parse(
      await h.app.inject({
        method: "POST",
        url: `/v1/tripitaka/${tripitaka}/sutra/list`,
        payload: body,
        ...(as ? { headers: bearer(as) } : {}),
      }),
    );
    expect(reply.statusCode).toBe(200);
    const page = reply.result as SutraPage;
    return { total: page.total, uids: page.list.map((s) => s.uid) };
  };
  const pin = async (uid: string, tripitaka: string, isAdd = true) => {
    const reply = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/user_conf/top_config/sutra",
        headers: bearer(token),
        payload: { is_add: isAdd, uid, tripitaka_uid: tripitaka },
      }),
    );
    expect(reply.statusCode).toBe(200);
  };

  it("filters by sutra name in either script, and not by translator as the keyword does", async () => {
    expect((await list("JS", { sutra_name: "禪師" })).uids).toEqual(["JSA042", "JSB213", "JSB470"]);
    expect((await list("JS", { sutra_name: "禅师" })).uids).toEqual(["JSA042", "JSB213", "JSB470"]);
    expect((await list("JS", { keyword: "張掄" })).uids).toEqual(["JSA042"]);
    expect(await list("JS", { sutra_name: "張掄" })).toEqual({ total: 0, uids: [] });
    expect((await list("JS", { sutra_name: "语录", dynasty_ids: [] })).uids).toEqual(["JSB213", "JSB470"]);
    expect(await list("JS", { sutra_name: "%" })).toEqual({ total: 0, uids: [] });
  });

  it("rejects an over-long sutra name", async () => {
    const response = await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/JS/sutra/list",
      payload: { sutra_name: "經".repeat(101) },
    });
    expect(response.statusCode).toBe(400);
  });

  it("lists the reader's pinned sutras first, newest pin first, then by sort_by", async () => {
    await pin("JSB213", "JS");
    await pin("JSB470", "JS");
    await pin("TS0251", "TS");
    expect((await list("JS", { pinned_first: true }, token)).uids).toEqual([
      "JSB470",
      "JSB213",
      "JSA042",
      "JSB103",
    ]);
    expect((await list("JS", { pinned_first: true, sort_by: "char_cnt" }, token)).uids).toEqual([
      "JSB470",
      "JSB213",
      "JSB103",
      "JSA042",
    ]);
    expect((await list("JS", { pinned_first: true, page_size: 10, page_no: 1 }, token)).total).toBe(4);
    // Without the flag, for a guest and for another reader the order is sort_by alone.
    const plain = ["JSA042", "JSB103", "JSB213", "JSB470"];
    expect((await list("JS", {}, token)).uids).toEqual(plain);
    expect((await list("JS", { pinned_first: true })).uids).toEqual(plain);
    expect((await list("JS", { pinned_first: true }, other)).uids).toEqual(plain);
  });

  it("keeps filters and paging with pinned sutras first", async () => {
    // A pinned sutra outside the filter stays out.
    expect((await list("JS", { pinned_first: true, dynasty_ids: [2] }, token)).uids).toEqual(["JSB103"]);
    const ts = await list("TS", { pinned_first: true, page_size: 10 }, token);
    expect(ts.uids[0]).toBe("TS0251");
    expect(ts.total).toBe(6);
    await pin("JSB470", "JS", false);
    expect((await list("JS", { pinned_first: true }, token)).uids).toEqual([
      "JSB213",
      "JSA042",
      "JSB103",
      "JSB470",
    ]);
  });
});
