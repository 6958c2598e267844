/**
 * The character images cut at import, on SQLite and on PostgreSQL (both imported into one shared
 * storage by the test set-up): every boxed char of a scan has its image in storage, served at the
 * list's `img_url`, the size of its box and showing the scan's pixels there; the images are shared
 * between the databases and never cut twice; a second import changes nothing; variant forms are
 * flagged by the character types' rule.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTextFormConverter } from "../../contract/text-forms.ts";
import { cutCharImages } from "../../server/import/char-images.ts";
import { loadGaiji } from "../../server/import/gaiji.ts";
import { resolveCanonSources } from "../../server/import/import-canon.ts";
import { importPageImages } from "../../server/import/page-images.ts";
import { corpusDir } from "../support/corpus.ts";
import { testDialects } from "../support/databases.ts";
import { type BoxedChar, type CharImageHarness, cidOf, startCharImages } from "./char-image-setup.ts";

/** Mean absolute difference of two greyscale images of one size, 0 to 255. */
function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe.each(testDialects())("character images cut at import on %s", (dialect) => {
  let t: CharImageHarness;
  let page: BoxedChar[];

  beforeAll(async () => {
    t = await startCharImages(dialect);
    page = (await t.boxed("GL")).filter((c) => c.page_uid === "GL_79_4_7");
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves each box's image from storage, the box's size and the scan's pixels there", async () => {
    expect(page.length).toBeGreaterThan(400);
    const scanKey = page[0]?.img_path ?? "";
    const scan = await t.h.database.storage.get(scanKey);
    expect(scan).not.toBeNull();
    const grey = sharp(scan ?? Buffer.alloc(0)).greyscale();
    const { width, height } = await sharp(scan ?? Buffer.alloc(0)).metadata();
    const items = new Map(
      (await t.list("GL", { page_uid: "GL_79_4_7", page_size: "100" })).list.map((item) => [item.cid, item]),
    );
    expect(items.size).toBe(100);
    let matched = 0;
    let shifted = 0;
    for (const box of page.filter((c) => items.has(cidOf(c)))) {
      const url = items.get(cidOf(box))?.img_url ?? "";
      expect(url).toMatch(/^\/storage\/chars\/GL_79_4_7\/.+\.jpg$/);
      const response = await t.h.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/jpeg");
      const image = await sharp(response.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect(image.info.width).toBeGreaterThanOrEqual(Math.floor(box.w));
      expect(image.info.width).toBeLessThanOrEqual(Math.ceil(box.w) + 1);
      expect(image.info.height).toBeGreaterThanOrEqual(Math.floor(box.h));
      expect(image.info.height).toBeLessThanOrEqual(Math.ceil(box.h) + 1);

      const region = { width: image.info.width, height: image.info.height };
      const left = Math.floor(box.x);
      const top = Math.floor(box.y);
      const there = await grey
        .clone()
        .extract({ left, top, ...region })
        .raw()
        .toBuffer();
      matched += meanDifference(image.data, there);
      // The same size one box lower on the page: another character.
      const lower = Math.min(top + region.height, (height ?? 0) - region.height);
      const below = await grey
        .clone()
        .extract({ left: Math.min(left, (width ?? 0) - region.width), top: lower, ...region })
        .raw()
        .toBuffer();
      shifted += meanDifference(image.data, below);
    }
    // JPEG keeps the box's pixels within a few levels; another box differs by far more.
    expect(matched / items.size).toBeLessThan(10);
    expect(shifted / items.size).toBeGreaterThan(3 * (matched / items.size));
  });

  it("has an image for every box of a scan, and none for boxes of pages without one", async () => {
    const all = [...(await t.boxed("GL")), ...(await t.boxed("YB"))];
    const withScan = all.filter((c) => c.img_path !== null);
    const withoutScan = all.filter((c) => c.img_path === null);
    expect(withScan.length).toBeGreaterThan(1000);
    expect(withoutScan.length).toBeGreaterThan(100);
    expect(all.every((c) => c.is_deform !== null)).toBe(true);
    expect(withScan.every((c) => c.img_key !== null)).toBe(true);
    expect(withoutScan.every((c) => c.img_key === null)).toBe(true);
    const keys = new Set(withScan.map((c) => c.img_key));
    expect(keys.size).toBe(withScan.length);
    const blank = await t.list("YB", { page_uid: "YB_34_216" });
    expect(blank.total).toBeGreaterThan(100);
    expect(blank.list.every((item) => item.img_url === null)).toBe(true);
  });

  it("shares the images between databases: cutting a page again cuts nothing and names the same keys", async () => {
    const scan = await t.h.database.storage.get(page[0]?.img_path ?? "");
    const meta = await sharp(scan ?? Buffer.alloc(0)).metadata();
    const again = await cutCharImages(
      t.h.database.storage,
      {
        pageUid: "GL_79_4_7",
        bytes: scan ?? Buffer.alloc(0),
        width: meta.width ?? 0,
        height: meta.height ?? 0,
      },
      page,
    );
    expect(again.cut).toBe(0);
    for (const box of page) expect(again.keys.get(`${box.line_no}.${box.char_no}`)).toBe(box.img_key);
  });

  it("changes nothing when the page images are imported again", async () => {
    const db = t.h.database.canon.db;
    const rows = async () =>
      (await db.selectFrom("char_image").selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    const before = await rows();
    const sources = resolveCanonSources(corpusDir());
    const report = await importPageImages({
      canon: t.h.database.canon,
      storage: t.h.database.storage,
      dir: sources.pageImagesDir ?? "",
      metadataDir: sources.metadataDir,
      converter: createTextFormConverter(loadGaiji(sources.gaijiDir).forms),
      now: () => 0,
    });
    expect(report).toMatchObject({ pages: 0, failures: [] });
    expect(await rows()).toEqual(before);
  });

  it("flags variant forms as the character types do: 爲 and 峯 are variants, 為 and 城 are not", async () => {
    const flag = async (tripitaka: string, ot: string) =>
      (await t.list(tripitaka, { ot })).list.map((item) => item.is_deform);
    expect(await flag("GL", "爲")).toContain(true);
    expect(new Set(await flag("QL", "峯"))).toEqual(new Set([true]));
    expect(new Set(await flag("GL", "為"))).toEqual(new Set([false]));
    expect(new Set(await flag("GL", "城"))).toEqual(new Set([false]));
  });
});
