/**
 * The catalogue routes of the reading API (tripitakas, sutra lists, config lists, the book
 * catalogue) against the imported starter canon, on SQLite and on PostgreSQL.
 */
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bookSchema,
  configItemSchema,
  type SutraListRequest,
  sutraAllResult,
  sutraSchema,
  tripitakaSchema,
} from "../../contract/canon.ts";
import { envelope, errorEnvelope, paged } from "../../contract/envelope.ts";
import { bookUidOfPage, isPageUid, isReelUid } from "../../contract/ids.ts";
import { canonAppForSuite } from "../support/canon-app.ts";
import { testDialects } from "../support/databases.ts";

const TS_SUTRAS = ["TS0235", "TS0251", "TS0262", "TS0366", "TS2008", "TS2059"];
const sutraPage = envelope(paged(sutraSchema));
const configList = envelope(z.array(configItemSchema));

function expectError(response: LightMyRequestResponse, code: 400 | 404): void {
  expect(response.statusCode).toBe(code);
  const body = errorEnvelope.parse(response.json());
  expect(body.code).toBe(code);
  expect(body.msg).not.toBe("");
}

function filterBy(kind: "dynasties" | "categories" | "authors", id: number): SutraListRequest {
  if (kind === "dynasties") return { dynasty_ids: [id] };
  return kind === "categories" ? { category_ids: [id] } : { author_ids: [id] };
}

describe.each(testDialects())("the catalogue routes on %s", (dialect) => {
  const suite = canonAppForSuite(dialect);

  const get = (url: string) => suite.app.inject({ method: "GET", url });
  const list = (tripitaka: string, body: SutraListRequest | Record<string, unknown>) =>
    suite.app.inject({ method: "POST", url: `/v1/tripitaka/${tripitaka}/sutra/list`, payload: body });
  const listUids = async (body: SutraListRequest) => {
    const response = await list("TS", body);
    expect(response.statusCode).toBe(200);
    const { result } = sutraPage.parse(response.json());
    return { total: result.total, uids: result.list.map((s) => s.uid) };
  };
  const config = async (kind: "dynasties" | "categories" | "authors", tripitaka = "TS") => {
    const response = await get(`/v1/tripitaka/${tripitaka}/${kind}`);
    expect(response.statusCode).toBe(200);
    return configList.parse(response.json()).result;
  };

  it("lists the tripitakas, the listed editions first, with their sutra counts", async () => {
    const response = await get("/v1/tripitaka/all");
    expect(response.statusCode).toBe(200);
    const tripitakas = envelope(z.array(tripitakaSchema)).parse(response.json()).result;
    const byUid = new Map(tripitakas.map((t) => [t.uid, t]));
    for (const uid of ["TS", "JS", "QL", "GL"]) expect(byUid.get(uid)?.is_listed).toBe(true);
    expect(byUid.get("TS")).toMatchObject({ sutra_count: 6, cbeta_collection: "T" });
    expect(byUid.get("JS")?.sutra_count).toBe(4);
    expect(byUid.get("TS")?.name).toBe(`${byUid.get("TS")?.name_trad}|${byUid.get("TS")?.name_sim}`);
    const firstUnlisted = tripitakas.findIndex((t) => !t.is_listed);
    expect(firstUnlisted).toBeGreaterThan(0);
    expect(tripitakas.slice(firstUnlisted).every((t) => !t.is_listed)).toBe(true);
  });

  it("gives every sutra of a tripitaka, then none updated since the returned time", async () => {
    const response = await get("/v1/tripitaka/TS/sutra/all");
    expect(response.statusCode).toBe(200);
    const { result } = envelope(sutraAllResult).parse(response.json());
    expect(result.sutras.map((s) => s.uid)).toEqual(TS_SUTRAS);
    expect(result.last_updated_time).toBe(Math.max(...result.sutras.map((s) => s.last_updated_time)));
    const heart = result.sutras.find((s) => s.uid === "TS0251");
    expect(heart).toMatchObject({
      name: "般若波罗蜜多心经|般若波羅蜜多心經",
      dynasty_author: "唐 玄奘譯",
      actual_reel_cnt: 1,
      reel_uids: [["TS0251_1", "第1卷"]],
    });
    expect(heart?.dynasties.map((d) => d.name)).toEqual(["唐|唐"]);
    expect(heart?.authors.map((a) => a.name)).toEqual(["玄奘|玄奘"]);
    const lotus = result.sutras.find((s) => s.uid === "TS0262");
    expect(lotus?.reel_uids.map(([uid]) => uid)).toEqual(
      Array.from({ length: 7 }, (_, i) => `TS0262_${i + 1}`),
    );
    expect(result.sutras.find((s) => s.uid === "TS2059")?.actual_reel_cnt).toBe(14);
    for (const sutra of result.sutras) expect(sutra.reel_uids.every(([uid]) => isReelUid(uid))).toBe(true);

    const since = await get(`/v1/tripitaka/TS/sutra/all?last_updated_time=${result.last_updated_time}`);
    expect(since.statusCode).toBe(200);
    const later = envelope(sutraAllResult).parse(since.json()).result;
    expect(later.sutras).toEqual([]);
    expect(later.last_updated_time).toBe(result.last_updated_time);

    const js = envelope(sutraAllResult).parse((await get("/v1/tripitaka/JS/sutra/all")).json()).result;
    expect(js.sutras.map((s) => s.uid)).toEqual(["JSA042", "JSB103", "JSB213", "JSB470"]);
    expect(js.sutras.find((s) => s.uid === "JSB213")?.reel_uids).toHaveLength(2);
  });

  it("rejects an unknown or malformed tripitaka and a bad last_updated_time", async () => {
    expectError(await get("/v1/tripitaka/XX/sutra/all"), 404);
    expectError(await get("/v1/tripitaka/tx/sutra/all"), 400);
    expectError(await get("/v1/tripitaka/TSX/sutra/all"), 400);
    expectError(await get("/v1/tripitaka/TS/sutra/all?last_updated_time=abc"), 400);
    expectError(await get("/v1/tripitaka/TS/sutra/all?last_updated_time=-1"), 400);
  });

  it("pages the sutra list", async () => {
    const first = sutraPage.parse((await list("TS", { page_size: 10 })).json()).result;
    expect(first).toMatchObject({ total: 6, page_size: 10, page_no: 1, page_count: 1 });
    expect(first.list.map((s) => s.uid)).toEqual(TS_SUTRAS);
    const second = sutraPage.parse((await list("TS", { page_size: 10, page_no: 2 })).json()).result;
    expect(second).toMatchObject({ total: 6, page_no: 2, page_count: 1, list: [] });
    const defaults = sutraPage.parse((await list("TS", {})).json()).result;
    expect(defaults).toMatchObject({ total: 6, page_size: 10, page_no: 1 });
  });

  it("filters the sutra list by keyword, in either script, and escapes LIKE wildcards", async () => {
    expect(await listUids({ keyword: "般若" })).toEqual({ total: 2, uids: ["TS0235", "TS0251"] });
    expect(await listUids({ keyword: "波羅蜜多心經" })).toEqual({ total: 1, uids: ["TS0251"] });
    expect(await listUids({ keyword: "波罗蜜多心经" })).toEqual({ total: 1, uids: ["TS0251"] });
    expect(await listUids({ keyword: "妙法莲华" })).toEqual({ total: 1, uids: ["TS0262"] });
    expect(await listUids({ keyword: "TS2059" })).toEqual({ total: 1, uids: ["TS2059"] });
    expect(await listUids({ keyword: "玄奘" })).toEqual({ total: 1, uids: ["TS0251"] });
    expect((await listUids({ keyword: "%" })).total).toBe(0);
    expect((await listUids({ keyword: "_" })).total).toBe(0);
    expect(await listUids({ sutra_uids: ["TS0366", "TS0251", "JSB470"] })).toEqual({
      total: 2,
      uids: ["TS0251", "TS0366"],
    });
  });

  it("filters the sutra list by the ids of the config lists", async () => {
    const yaoQin = (await config("dynasties")).find((d) => d.name === "姚秦|姚秦");
    expect(yaoQin?.sutra_count).toBe(2);
    expect(await listUids({ dynasty_ids: [yaoQin?.id ?? -1] })).toEqual({
      total: 2,
      uids: ["TS0262", "TS0366"],
    });

    const kumarajiva = (await config("authors")).find((a) => a.name.startsWith("鳩摩羅什|"));
    expect(await listUids({ author_ids: [kumarajiva?.id ?? -1] })).toEqual({
      total: 3,
      uids: ["TS0235", "TS0262", "TS0366"],
    });

    const prajna = (await config("categories")).find((c) => c.name.startsWith("般若部類|"));
    expect(await listUids({ category_ids: [prajna?.id ?? -1] })).toEqual({
      total: 2,
      uids: ["TS0235", "TS0251"],
    });
    expect(
      await listUids({
        category_ids: [prajna?.id ?? -1],
        author_ids: [kumarajiva?.id ?? -1],
        keyword: "金剛",
      }),
    ).toEqual({ total: 1, uids: ["TS0235"] });
    expect((await listUids({ dynasty_ids: [999_999] })).total).toBe(0);
  });

  it("sorts the sutra list", async () => {
    const byChars = sutraPage.parse((await list("TS", { sort_by: "-char_cnt" })).json()).result.list;
    const counts = byChars.map((s) => s.char_cnt);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(byChars[0]?.uid).toBe("TS2059");
    expect(byChars.at(-1)?.uid).toBe("TS0251");
    const byReels = sutraPage.parse((await list("TS", { sort_by: "reel_cnt" })).json()).result.list;
    const reels = byReels.map((s) => s.actual_reel_cnt);
    expect(reels).toEqual([...reels].sort((a, b) => a - b));
    expect(byReels.at(-1)?.uid).toBe("TS2059");
    const byUid = sutraPage.parse((await list("TS", { sort_by: "-sutra_uid" })).json()).result.list;
    expect(byUid.map((s) => s.uid)).toEqual([...TS_SUTRAS].reverse());
  });

  it("rejects a bad sutra list request", async () => {
    expectError(await list("TS", { page_size: 7 }), 400);
    expectError(await list("TS", { page_no: 0 }), 400);
    expectError(await list("TS", { sort_by: "name" }), 400);
    expectError(await list("TS", { dynasty_ids: ["唐"] }), 400);
    expectError(await list("XX", {}), 404);
    expectError(await list("ts", {}), 400);
  });

  it("lists dynasties, categories and authors with sutra counts that match the filters", async () => {
    for (const kind of ["dynasties", "categories", "authors"] as const) {
      const items = await config(kind);
      expect(items.length).toBeGreaterThan(0);
      expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((a, b) => a - b));
      for (const item of items) expect(item.name).toMatch(/^[^|]+\|[^|]+$/);
      for (const item of items)
        expect((await listUids(filterBy(kind, item.id))).total).toBe(item.sutra_count);
      expectError(await get(`/v1/tripitaka/XX/${kind}`), 404);
      expectError(await get(`/v1/tripitaka/x1/${kind}`), 400);
    }
    expect((await config("dynasties")).map((d) => d.name)).toContain("唐|唐");
    expect((await config("authors")).map((a) => a.name)).toContain("玄奘|玄奘");
    expect(await config("dynasties", "KB")).toEqual([]);
  });

  it("gives the common sutra uids of a tripitaka", async () => {
    const response = await get("/v1/tripitaka/TS/common_sutra_uids");
    expect(response.statusCode).toBe(200);
    const uids = envelope(z.array(z.string())).parse(response.json()).result;
    expect(uids).toContain("TS0251");
    for (const uid of uids) expect(TS_SUTRAS).toContain(uid);
    expectError(await get("/v1/tripitaka/XX/common_sutra_uids"), 404);
    expectError(await get("/v1/tripitaka/T/common_sutra_uids"), 400);
  });

  it("gives the book catalogue of a tripitaka", async () => {
    const response = await get("/v1/tripitaka/TS/catalog");
    expect(response.statusCode).toBe(200);
    const books = envelope(z.array(bookSchema)).parse(response.json()).result;
    const ts8 = books.find((b) => b.uid === "TS_8");
    expect(ts8).toMatchObject({ volume: 8, to: "TS_8_848c" });
    expect(ts8?.page_count).toBeGreaterThan(0);
    expect(Array.isArray(ts8?.excluded)).toBe(true);
    for (const book of books) {
      expect(bookUidOfPage(book.from)).toBe(book.uid);
      expect(bookUidOfPage(book.to)).toBe(book.uid);
      for (const page of book.excluded)
        expect(isPageUid(page) && bookUidOfPage(page) === book.uid).toBe(true);
      expect(book.excluded).not.toContain(book.from);
      expect(book.excluded).not.toContain(book.to);
    }
    expect(ts8?.excluded).not.toContain("TS_8_848a");
    expect(books.map((b) => b.volume)).toEqual([...books.map((b) => b.volume)].sort((a, b) => a - b));

    const ql = envelope(z.array(bookSchema)).parse((await get("/v1/tripitaka/QL/catalog")).json()).result;
    expect(ql.find((b) => b.uid === "QL_24")).toMatchObject({
      from: "QL_24_5",
      to: "QL_24_50",
      page_count: 4,
    });
    expectError(await get("/v1/tripitaka/XX/catalog"), 404);
    expectError(await get("/v1/tripitaka/TS_8/catalog"), 400);
  });
});
