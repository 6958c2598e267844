/**
 * The offline download calls against the imported starter canon, on SQLite and on PostgreSQL: the
 * plan of a sutra, a category, a group and a whole tripitaka (a scanned-only one included), its
 * sizes checked against what the reading routes and the storage answer, its canon version, its
 * refusals, and the batch reads of reels and pages checked against the single reads. Plans that a
 * pack covers: tests/server/packs-serving.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageResult, reelResult } from "../../contract/canon.ts";
import { envelope } from "../../contract/envelope.ts";
import {
  type OfflinePlan,
  offlinePagesResult,
  offlinePlanResult,
  offlineReelsResult,
} from "../../contract/offline.ts";
import { storedBytes, storedReel } from "../../contract/offline-library.ts";
import { canonVersionOf } from "../../contract/pack.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

describe.each(testDialects())("offline downloads on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "offline", contact: "offline@example.org", password: "abc123" });
    token = await accessToken(h, "offline", "abc123");
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h.app.inject({ method: "POST", url, payload, headers });
  const plan = async (tripitaka: string, body: Record<string, unknown>, headers?: Record<string, string>) => {
    const response = await post(`/v1/tripitaka/${tripitaka}/offline/plan`, body, headers);
    expect(response.statusCode, response.body).toBe(200);
    return envelope(offlinePlanResult).parse(response.json()).result;
  };
  const status = async (tripitaka: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    parse(await post(`/v1/tripitaka/${tripitaka}/offline/plan`, body, headers));
  const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

  function expectTotals(result: OfflinePlan) {
    const texts = result.reels.flatMap((r) => r.texts);
    expect(result.totals).toEqual({
      sutras: result.sutras.length,
      reels: result.reels.length,
      pages: result.pages.length,
      files: result.files.length,
      chars: sum(texts.map((t) => t.chars)),
      text_bytes: sum(texts.map((t) => t.bytes)),
      page_bytes: sum(result.pages.map((p) => p.bytes)),
      image_bytes: sum(result.files.map((f) => f.bytes)),
      total_bytes: sum([
        ...texts.map((t) => t.bytes),
        ...result.pages.map((p) => p.bytes),
        ...result.files.map((f) => f.bytes),
      ]),
    });
  }

  it("plans a multi-reel sutra with its reels' sizes as the reel and page routes answer them", async () => {
    const result = await plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS0262" },
      txt_types: ["std_txt", "ori_txt"],
    });
    expect(result.label).toBe("妙法莲华经|妙法蓮華經");
    expect(result.sutras).toEqual([
      { uid: "TS0262", name: "妙法莲华经|妙法蓮華經", reel_uids: result.reels.map((r) => r.uid) },
    ]);
    expect(result.reels.map((r) => r.uid)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `TS0262_${n}`));
    expect(result.files).toEqual([]);
    expectTotals(result);
    const pagesOfReels = new Set<string>();
    for (const reel of result.reels) {
      expect(reel.texts.map((t) => t.txt_type)).toEqual(["std_txt", "ori_txt"]);
      for (const text of reel.texts) {
        const response = await h.app.inject({ url: `/v1/reel/${reel.uid}?txt_type=${text.txt_type}` });
        const online = envelope(reelResult).parse(response.json()).result;
        expect(text.bytes).toBe(storedBytes(storedReel(online)));
        expect(text.chars).toBe(online.format.chars);
        for (const page of online.pages) pagesOfReels.add(page.uid);
      }
    }
    expect(new Set(result.pages.map((p) => p.uid))).toEqual(pagesOfReels);
    for (const page of result.pages.slice(0, 40)) {
      const online = envelope(pageResult).parse(
        (await h.app.inject({ url: `/v1/page/${page.uid}` })).json(),
      ).result;
      expect(page.bytes).toBe(storedBytes(online));
      expect(page.book_uid).toBe(online.book_uid);
    }
  });

  it("names the tripitaka's canon version, the same for every scope, and no pack while none is held", async () => {
    const sutras = await h.database.canon.db
      .selectFrom("sutra")
      .select(["uid", "source_hash"])
      .where("tripitaka_uid", "=", "TS")
      .execute();
    const version = await canonVersionOf(sutras);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const sutra = await plan("TS", { scope: { kind: "sutra", sutra_uid: "TS0251" }, txt_types: ["std_txt"] });
    const whole = await plan("TS", { scope: { kind: "tripitaka" }, txt_types: ["sim_txt"] });
    expect([sutra.canon_version, whole.canon_version]).toEqual([version, version]);
    expect([sutra.pack, whole.pack]).toEqual([null, null]);
    const scanned = await plan("JX", { scope: { kind: "tripitaka" }, txt_types: ["ori_txt"] });
    expect(scanned.canon_version).toBe(await canonVersionOf([]));
    expect(scanned.canon_version).not.toBe(version);
  });

  it("plans a scanned-only tripitaka: its books' pages, and with images their scans and thumbnails", async () => {
    const bare = await plan("JX", { scope: { kind: "tripitaka" }, txt_types: ["ori_txt"] });
    expect(bare.sutras).toEqual([]);
    expect(bare.reels).toEqual([]);
    expect(bare.pages).toHaveLength(10);
    expect(bare.files).toEqual([]);
    const full = await plan("JX", {
      scope: { kind: "tripitaka" },
      txt_types: ["ori_txt"],
      with_images: true,
    });
    expect(full.pages).toEqual(bare.pages);
    expect(full.files).toHaveLength(20);
    expectTotals(full);
    expect(full.totals.image_bytes).toBeGreaterThan(0);
    for (const file of full.files) {
      const served = await h.app.inject({ url: file.path });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(file.bytes);
      expect(served.headers["content-type"]).toBe(file.content_type);
      const page = envelope(pageResult).parse(
        (await h.app.inject({ url: `/v1/page/${file.page_uid}` })).json(),
      ).result;
      expect(file.path).toBe(file.kind === "scan" ? page.img_url : page.thumb_url);
    }
  });

  it("leaves the pages out when asked, unless images are wanted", async () => {
    const body = { scope: { kind: "sutra", sutra_uid: "TS0262" }, txt_types: ["sim_txt"] };
    const withPages = await plan("TS", body);
    const textOnly = await plan("TS", { ...body, with_pages: false });
    expect(textOnly.with_pages).toBe(false);
    expect(textOnly.pages).toEqual([]);
    expect(textOnly.reels).toEqual(withPages.reels);
    expect(textOnly.totals.total_bytes).toBe(withPages.totals.text_bytes);
    const scans = await plan("JX", {
      scope: { kind: "tripitaka" },
      txt_types: ["ori_txt"],
      with_pages: false,
      with_images: true,
    });
    expect(scans.with_pages).toBe(true);
    expect(scans.pages).toHaveLength(10);
    const nothing = await status("JX", {
      scope: { kind: "tripitaka" },
      txt_types: ["ori_txt"],
      with_pages: false,
    });
    expect(nothing.statusCode).toBe(422);
  });

  it("plans a category and a whole tripitaka with sutras", async () => {
    const categories = parse(await h.app.inject({ url: "/v1/tripitaka/TS/categories" })).result as {
      id: number;
    }[];
    const listed = parse(await post("/v1/tripitaka/TS/sutra/list", { page_size: 100 })).result as {
      list: { uid: string; categories: { id: number }[] }[];
    };
    const category = categories[0]?.id as number;
    const inCategory = listed.list
      .filter((s) => s.categories.some((c) => c.id === category))
      .map((s) => s.uid);
    const byCategory = await plan("TS", {
      scope: { kind: "category", category: String(category) },
      txt_types: ["sim_txt"],
    });
    expect(byCategory.sutras.map((s) => s.uid)).toEqual(inCategory);
    expectTotals(byCategory);
    const whole = await plan("TS", { scope: { kind: "tripitaka" }, txt_types: ["sim_txt"] });
    expect(whole.sutras.map((s) => s.uid)).toEqual(listed.list.map((s) => s.uid));
    const pages = parse(await h.app.inject({ url: "/v1/tripitaka/TS/catalog" })).result as {
      page_count: number;
    }[];
    expect(whole.pages).toHaveLength(sum(pages.map((b) => b.page_count)));
  });

  it("plans the signed-in reader's own group only", async () => {
    const scope = { kind: "group", group_name: "早课" };
    expect((await status("TS", { scope, txt_types: ["std_txt"] })).statusCode).toBe(401);
    const auth = bearer(token);
    expect(parse(await post("/v1/tripitaka/TS/sutra_group", { name: "早课" }, auth)).code).toBe(0);
    expect((await status("TS", { scope, txt_types: ["std_txt"] }, auth)).statusCode).toBe(422);
    const added = await post(
      "/v1/tripitaka/TS/sutra_group/add_sutras",
      { name: "早课", sutra_uids: ["TS0366", "TS0251"] },
      auth,
    );
    expect(parse(added).code).toBe(0);
    const result = await plan("TS", { scope, txt_types: ["std_txt"] }, auth);
    expect(result.label).toBe("早课|早课");
    expect(result.sutras.map((s) => s.uid).sort()).toEqual(["TS0251", "TS0366"]);
    const missing = await status(
      "TS",
      { scope: { kind: "group", group_name: "没有" }, txt_types: ["std_txt"] },
      auth,
    );
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ["an unknown tripitaka", "XX", { scope: { kind: "tripitaka" }, txt_types: ["std_txt"] }, 404],
    [
      "an unknown sutra",
      "TS",
      { scope: { kind: "sutra", sutra_uid: "TS9999" }, txt_types: ["std_txt"] },
      404,
    ],
    [
      "a sutra of another tripitaka",
      "TS",
      { scope: { kind: "sutra", sutra_uid: "JSA042" }, txt_types: ["std_txt"] },
      422,
    ],
    [
      "an unknown category",
      "TS",
      { scope: { kind: "category", category: "999999" }, txt_types: ["std_txt"] },
      404,
    ],
    ["a tripitaka with nothing yet", "KB", { scope: { kind: "tripitaka" }, txt_types: ["std_txt"] }, 422],
    ["no text form", "TS", { scope: { kind: "tripitaka" }, txt_types: [] }, 400],
    ["a repeated text form", "TS", { scope: { kind: "tripitaka" }, txt_types: ["std_txt", "std_txt"] }, 400],
    ["an unknown scope", "TS", { scope: { kind: "book" }, txt_types: ["std_txt"] }, 400],
  ])("refuses %s", async (_what, tripitaka, body, code) => {
    const reply = await status(tripitaka, body);
    expect(reply.statusCode).toBe(code);
    expect(reply.code).toBe(code);
  });

  it("reads reels in batches, each as the reel route answers it less allText", async () => {
    const reelUids = ["TS0262_3", "TS0251_1", "TS2059_14"];
    const response = await post("/v1/offline/reels", {
      reel_uids: reelUids,
      txt_types: ["sim_txt", "ori_txt"],
    });
    expect(response.statusCode).toBe(200);
    const reels = envelope(offlineReelsResult).parse(response.json()).result;
    expect(reels.map((r) => `${r.reel_uid}:${r.txt_type}`)).toEqual(
      reelUids.flatMap((uid) => [`${uid}:sim_txt`, `${uid}:ori_txt`]),
    );
    for (const reel of reels) {
      const online = envelope(reelResult).parse(
        (await h.app.inject({ url: `/v1/reel/${reel.reel_uid}?txt_type=${reel.txt_type}` })).json(),
      ).result;
      expect(JSON.stringify(reel)).toBe(JSON.stringify(storedReel(online)));
    }
    expect(
      (await post("/v1/offline/reels", { reel_uids: ["TS0262_99"], txt_types: ["std_txt"] })).statusCode,
    ).toBe(404);
    const tooMany = Array.from({ length: 51 }, (_, i) => `TS2059_${i + 1}`);
    expect((await post("/v1/offline/reels", { reel_uids: tooMany, txt_types: ["std_txt"] })).statusCode).toBe(
      400,
    );
  });

  it("reads pages in batches, each as the page route answers it", async () => {
    const pageUids = ["JX_165_7_4", "TS_9_1a", "TS_9_1b", "QL_24_17"];
    const response = await post("/v1/offline/pages", { page_uids: pageUids });
    expect(response.statusCode).toBe(200);
    const pages = envelope(offlinePagesResult).parse(response.json()).result;
    expect(pages.map((p) => p.uid)).toEqual(pageUids);
    for (const page of pages) {
      const online = (await h.app.inject({ url: `/v1/page/${page.uid}` })).json();
      expect(JSON.stringify(page)).toBe(JSON.stringify(envelope(pageResult).parse(online).result));
    }
    expect((await post("/v1/offline/pages", { page_uids: ["TS_9_9999a"] })).statusCode).toBe(404);
  });
});
