/**
 * The reading routes of the API (a sutra's catalogue tree, reels, pages, page images and the
 * images themselves) against the imported starter canon, on SQLite and on PostgreSQL.
 */
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  type CatalogNode,
  CBETA_AVAILABILITY,
  imgNamesResult,
  pageImageResult,
  pageResult,
  type Reel,
  reelResult,
  sutraCatalogResult,
} from "../../contract/canon.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import {
  isReelUid,
  parseCharId,
  parseLineId,
  parseReelUid,
  printCharId,
  printLineId,
} from "../../contract/ids.ts";
import { countChars } from "../../contract/text-forms.ts";
import { canonAppForSuite } from "../support/canon-app.ts";
import { testDialects } from "../support/databases.ts";

function expectError(response: LightMyRequestResponse, code: 400 | 404): void {
  expect(response.statusCode).toBe(code);
  const body = errorEnvelope.parse(response.json());
  expect(body.code).toBe(code);
  expect(body.msg).not.toBe("");
}

const flatten = (nodes: CatalogNode[]): CatalogNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const reelLines = (reel: Reel) => reel.pages.flatMap((p) => p.lines);

describe.each(testDialects())("the reading routes on %s", (dialect) => {
  const suite = canonAppForSuite(dialect);

  const get = (url: string) => suite.app.inject({ method: "GET", url });
  const reel = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return envelope(reelResult).parse(response.json()).result;
  };
  const page = async (uid: string) => {
    const response = await get(`/v1/page/${uid}`);
    expect(response.statusCode).toBe(200);
    return envelope(pageResult).parse(response.json()).result;
  };

  it("gives a sutra's reels and catalogue tree", async () => {
    const response = await get("/v1/sutra/TS0262/catalog");
    expect(response.statusCode).toBe(200);
    const catalog = envelope(sutraCatalogResult).parse(response.json()).result;
    expect(catalog.sutra_uid).toBe("TS0262");
    expect(catalog.reels.map((r) => r.uid)).toEqual(Array.from({ length: 7 }, (_, i) => `TS0262_${i + 1}`));
    expect(catalog.reels[1]).toMatchObject({ uid: "TS0262_2", first_page_uid: "TS_9_10b" });
    const nodes = flatten(catalog.tree);
    expect(nodes.length).toBeGreaterThan(catalog.tree.length);
    const reelUids = new Set(catalog.reels.map((r) => r.uid));
    for (const node of nodes) {
      expect(isReelUid(node.reel_uid) && reelUids.has(node.reel_uid)).toBe(true);
      const line = parseLineId(node.line_uid);
      expect(line).not.toBeNull();
      expect(line && printLineId(line)).toBe(node.line_uid);
      expect(node.key).toBe(`${node.reel_uid}:${node.line_uid}`);
    }
    expect(new Set(nodes.map((n) => n.key)).size).toBe(nodes.length);
    expect(nodes.find((n) => n.std_txt === "3 譬喻品")).toMatchObject({
      reel_uid: "TS0262_2",
      line_uid: "TS_9_10b.28",
      type: "品",
    });
    expect(nodes.some((n) => n.std_txt !== n.sim_txt)).toBe(true);

    expectError(await get("/v1/sutra/TS9999/catalog"), 404);
    expectError(await get("/v1/sutra/ts0262/catalog"), 400);
    expectError(await get("/v1/sutra/TS0262_1/catalog"), 400);
  });

  it("gives a reel's text in the asked form, with counts that match the lines", async () => {
    const std = await reel("/v1/reel/TS0251_1?txt_type=std_txt");
    const sim = await reel("/v1/reel/TS0251_1?txt_type=sim_txt");
    expect(std).toMatchObject({
      sutra_uid: "TS0251",
      reel_uid: "TS0251_1",
      reel_no: 1,
      sutra_name: "般若波羅蜜多心經",
      dynasty_author: "唐 玄奘譯",
      txt_type: "std_txt",
      prev_reel_uid: null,
      next_reel_uid: null,
    });
    expect(sim).toMatchObject({ txt_type: "sim_txt", sutra_name: "般若波罗蜜多心经" });
    expect(std.source.title).toContain("No. 251");
    expect(std.source.availability).toBe(CBETA_AVAILABILITY);
    expect(std.pages.map((p) => p.uid)).toContain("TS_8_848c");

    for (const form of [std, sim]) {
      const lines = reelLines(form);
      expect(form.format.chars).toBe(lines.reduce((n, l) => n + countChars(l.text), 0));
      expect(form.format.columns).toBe(lines.length);
      expect(form.allText).toBe(lines.map((l) => l.text).join("\n"));
      for (const p of form.pages) {
        expect(p.cids).toEqual(p.lines.map((l) => l.cid));
        for (const line of p.lines) {
          const id = parseLineId(line.cid);
          expect(id?.pageUid).toBe(p.uid);
          expect(id && printLineId(id)).toBe(line.cid);
          for (const offset of line.para_offsets) expect(offset).toBeLessThanOrEqual(line.text.length);
        }
      }
    }
    const stdLines = reelLines(std);
    const simLines = reelLines(sim);
    expect(simLines.map((l) => l.cid)).toEqual(stdLines.map((l) => l.cid));
    expect(simLines.some((l, i) => l.text !== stdLines[i]?.text)).toBe(true);
    expect(sim.format.chars).toBe(std.format.chars);
    expect(stdLines.find((l) => l.cid === "TS_8_848c.7")?.text).toMatch(/^觀自在菩薩行深般若波羅蜜多時/);
    expect(simLines.find((l) => l.cid === "TS_8_848c.7")?.text).toMatch(/^观自在菩萨行深般若波罗蜜多时/);

    const byDefault = await reel("/v1/reel/TS0251_1?is_init=true");
    expect(byDefault.txt_type).toBe("std_txt");
    expect(byDefault.allText).toBe(std.allText);
  });

  it("links a reel to its neighbours", async () => {
    const second = await reel("/v1/reel/TS0262_2");
    expect(second).toMatchObject({ reel_no: 2, prev_reel_uid: "TS0262_1", next_reel_uid: "TS0262_3" });
    expect(second.pages[0]?.uid).toBe("TS_9_10b");
    expect((await reel("/v1/reel/TS0262_7")).next_reel_uid).toBeNull();
    const jsb = await reel("/v1/reel/JSB213_2");
    expect(jsb).toMatchObject({ prev_reel_uid: "JSB213_1", next_reel_uid: null });
    expect(parseReelUid(jsb.reel_uid)).toEqual({ sutraUid: "JSB213", reelNo: 2 });
  });

  it("rejects an unknown reel and a bad text form", async () => {
    expectError(await get("/v1/reel/TS0251_9"), 404);
    expectError(await get("/v1/reel/TS0251_1?txt_type=big5"), 400);
    expectError(await get("/v1/reel/TS0251_1?is_init=yes"), 400);
    expectError(await get("/v1/reel/TS0251"), 400);
    expectError(await get("/v1/reel/TS0251_0"), 400);
  });

  it("gives a text page with its columns and neighbours", async () => {
    const p = await page("TS_8_848c");
    expect(p).toMatchObject({
      uid: "TS_8_848c",
      book_uid: "TS_8",
      prev_page_uid: "TS_8_848b",
      next_page_uid: null,
      image: null,
      img_url: null,
      chars: [],
      sutra_uids: ["TS0251"],
      reel_uids: ["TS0251_1"],
      allowed: true,
    });
    expect(p.columns[0]?.cid).toBe("TS_8_848c.1");
    const line7 = p.columns.find((c) => c.cid === "TS_8_848c.7");
    expect(line7?.text.std_txt).toMatch(/^觀自在菩薩行深般若波羅蜜多時/);
    expect(line7?.text.sim_txt).toMatch(/^观自在菩萨行深般若波罗蜜多时/);
    expect(p.columns.map((c) => parseLineId(c.cid)?.line)).toEqual(p.columns.map((_, i) => i + 1));
    expect(p.format).toEqual({
      columns: p.columns.length,
      chars: p.columns.reduce((n, c) => n + countChars(c.text.ori_txt), 0),
    });
    expect((await page("TS_8_848b")).next_page_uid).toBe("TS_8_848c");
  });

  it("gives a scanned page with boxed chars, blocks and columns", async () => {
    const ql = await page("QL_24_17");
    expect(ql).toMatchObject({ book_uid: "QL_24", prev_page_uid: "QL_24_5", next_page_uid: "QL_24_31" });
    expect(ql.img_url).toMatch(/\.jpg$/);
    expect(ql.image?.width).toBeGreaterThan(0);
    expect(ql.chars.length).toBeGreaterThan(0);
    const cids = new Set(ql.columns.map((c) => c.cid));
    for (const ch of ql.chars) {
      const id = parseCharId(ch.char_id);
      expect(id?.pageUid).toBe("QL_24_17");
      expect(id && printCharId(id)).toBe(ch.char_id);
      expect(id && printLineId({ pageUid: id.pageUid, line: id.line })).toBe(ch.cid);
      expect(cids.has(ch.cid)).toBe(true);
      expect(ch.w).toBeGreaterThan(0);
      expect(ch.h).toBeGreaterThan(0);
    }
    const firstColumn = ql.columns[0]?.text.ori_txt ?? "";
    const firstChars = ql.chars.filter((c) => c.cid === "QL_24_17.1").map((c) => c.ori_txt);
    expect(firstChars.join("")).toBe(firstColumn);

    const jx = await page("JX_165_7_12");
    expect(jx).toMatchObject({
      book_uid: "JX_165",
      prev_page_uid: "JX_165_7_11",
      next_page_uid: "JX_165_7_13",
    });
    expect(jx.blocks.length).toBeGreaterThan(0);
    expect(jx.columns.length).toBeGreaterThan(0);
    expect(jx.columns.every((c) => c.box !== null && c.column_id !== null)).toBe(true);
    expect(jx.chars.length).toBeGreaterThan(0);
    expect(jx.chars.every((c) => parseCharId(c.char_id)?.pageUid === "JX_165_7_12")).toBe(true);
    expect(jx.img_url).not.toBeNull();
  });

  it("rejects an unknown or malformed page", async () => {
    expectError(await get("/v1/page/TS_8_1a"), 404);
    expectError(await get("/v1/page/TS-8"), 400);
    expectError(await get("/v1/page/TS_8_848c.7"), 400);
  });

  it("gives the scanned pages of books", async () => {
    const response = await get("/v1/get_img_names?uids=QL_24,TS_8");
    expect(response.statusCode).toBe(200);
    const names = envelope(imgNamesResult).parse(response.json()).result;
    expect(names).toEqual({ QL_24: ["QL_24_5", "QL_24_17", "QL_24_31", "QL_24_50"], TS_8: [] });
    const unknown = envelope(imgNamesResult).parse((await get("/v1/get_img_names?uids=ZZ_1")).json()).result;
    expect(unknown).toEqual({ ZZ_1: [] });

    expectError(await get("/v1/get_img_names"), 400);
    expectError(await get("/v1/get_img_names?uids="), 400);
    expectError(await get("/v1/get_img_names?uids=QL-24"), 400);
    expectError(await get("/v1/get_img_names?uids=QL_24,QL_24_17"), 400);
  });

  it("gives a page's image, which storage then serves", async () => {
    const response = await get("/v1/img/QL_24_17");
    expect(response.statusCode).toBe(200);
    const image = envelope(pageImageResult).parse(response.json()).result;
    expect(image).toMatchObject({ page_uid: "QL_24_17", img_name: "QL_24_17" });
    expect(image.width).toBeGreaterThan(0);
    expect(image.height).toBeGreaterThan(0);
    const p = await page("QL_24_17");
    expect(image.url).toBe(p.img_url);
    expect(image.thumb_url).toBe(p.thumb_url);

    const scan = await get(image.url);
    expect(scan.statusCode).toBe(200);
    expect(scan.headers["content-type"]).toBe("image/jpeg");
    expect(scan.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(image.thumb_url).not.toBeNull();
    const thumb = await get(image.thumb_url ?? "");
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect(thumb.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");

    for (const uid of ["QL_24_5", "QL_24_31", "QL_24_50"]) {
      expect((await get(`/v1/img/${uid}`)).statusCode).toBe(200);
    }
  });

  it("answers 404 for a page without an image or no page, 400 for a malformed one", async () => {
    expectError(await get("/v1/img/TS_8_848c"), 404);
    expectError(await get("/v1/img/TS_8_1a"), 404);
    expectError(await get("/v1/img/QL_24_6"), 404);
    expectError(await get("/v1/img/QL-24-17"), 400);
  });
});
