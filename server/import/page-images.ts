/**
 * Imports the page-image sets: each page's scan goes to object storage with a 200-pixel-wide
 * thumbnail, its boxes are scaled to the image's pixels, its columns and boxed chars become line
 * and char rows, and each boxed char is cut from the scan into an image of its own (char-images.ts)
 * with a `char_image` row naming the sutra the page lies in (by the edition's catalogue,
 * edition-catalogue.ts, else by the page's uid). A page whose source files, gaiji table, cutting
 * rules and sutra are unchanged since the last run is left alone.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import sharp from "sharp";
import { bookUidOfPage, tripitakaOf } from "../../contract/ids.ts";
import type { TextFormConverter } from "../../contract/text-forms.ts";
import type { CanonDb } from "../db/connect.ts";
import type { NewChar, NewLine } from "../db/schema.ts";
import type { ObjectStorage } from "../storage/storage.ts";
import { charImageRows, charVariantForms, cutCharImages, type Scan, sutraOfScanPage } from "./char-images.ts";
import { loadSutraPlacer } from "./edition-catalogue.ts";
import type { ImportFailure } from "./import-failure.ts";
import { readScanSets, type ScanPage } from "./scan-sets.ts";

export const THUMBNAIL_WIDTH = 200;

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".png": "image/png",
};

export const pageImageKey = (pageUid: string, ext: string): string =>
  `pages/${pageUid.split("_").slice(0, -1).join("/")}/${pageUid}${ext}`;
export const pageThumbKey = (pageUid: string): string =>
  `thumbs/${pageUid.split("_").slice(0, -1).join("/")}/${pageUid}.webp`;

const round = (n: number): number => Math.round(n * 10) / 10;

/** Bumped when what is written for a page changes (1: char images), so every page is written again. */
const PAGE_WRITER_VERSION = "1";

/** The page's sources, the rules its text forms and variant flags are read with, and its sutra. */
function hashOf(page: ScanPage, rulesHash: string, sutraUid: string | null): string {
  const hash = createHash("sha256").update(
    `${PAGE_WRITER_VERSION}\n${rulesHash}\n${page.set}\n${sutraUid ?? ""}\n`,
  );
  for (const file of [...page.sourceFiles, ...(page.imageFile ? [page.imageFile] : [])])
    hash.update(readFileSync(file));
  return hash.digest("hex");
}

type StoredImage = { path: string; thumb: string; width: number; height: number; bytes: Buffer };

async function storeImage(storage: ObjectStorage, page: ScanPage): Promise<StoredImage | null> {
  if (!page.imageFile) return null;
  const bytes = readFileSync(page.imageFile);
  const ext = extname(page.imageFile).toLowerCase();
  const meta = await sharp(bytes).metadata();
  const thumb = await sharp(bytes).resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 80 }).toBuffer();
  const path = pageImageKey(page.pageUid, ext);
  const thumbPath = pageThumbKey(page.pageUid);
  await storage.put(path, bytes, CONTENT_TYPES[ext] ?? "application/octet-stream");
  await storage.put(thumbPath, thumb, "image/webp");
  return { path, thumb: thumbPath, width: meta.width ?? 0, height: meta.height ?? 0, bytes };
}

function lineRows(page: ScanPage, converter: TextFormConverter): NewLine[] {
  const lines = new Map<number, string>();
  for (const column of page.columns) lines.set(column.lineNo, column.txt);
  const fromChars = new Map<number, string[]>();
  for (const char of page.chars) {
    const chars = fromChars.get(char.lineNo) ?? [];
    chars[char.charNo - 1] = char.txt || "▆";
    fromChars.set(char.lineNo, chars);
  }
  for (const [lineNo, chars] of fromChars) {
    if (!lines.get(lineNo)) lines.set(lineNo, Array.from(chars, (c) => c ?? "▆").join(""));
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([lineNo, ori]) => {
      const forms = converter.forms(ori);
      return {
        page_uid: page.pageUid,
        line_no: lineNo,
        reel_uid: null,
        reel_seq: null,
        ...forms,
        para_offsets: null,
      };
    });
}

/** What the char images of a page are made with: where they go, and the variant forms. */
type CharImageContext = {
  storage: ObjectStorage;
  variants: ReadonlySet<string>;
};

async function writePage(
  canon: CanonDb,
  page: ScanPage,
  image: StoredImage | null,
  hash: string,
  converter: TextFormConverter,
  now: number,
  sutraUid: string | null,
  charImages: CharImageContext,
): Promise<void> {
  const scale = image && page.boxSpace?.width ? image.width / page.boxSpace.width : 1;
  const scaled = <T extends { x: number; y: number; w: number; h: number }>(box: T): T => ({
    ...box,
    x: round(box.x * scale),
    y: round(box.y * scale),
    w: round(box.w * scale),
    h: round(box.h * scale),
  });
  const tripitakaUid = tripitakaOf(page.pageUid) as string;
  const lines = lineRows(page, converter);
  const chars: NewChar[] = page.chars.map((char) => {
    const box = scaled(char);
    const forms = converter.forms(char.txt);
    return {
      page_uid: page.pageUid,
      line_no: char.lineNo,
      char_no: char.charNo,
      box_char_id: char.charId,
      block_no: char.blockNo,
      x: box.x,
      y: box.y,
      w: box.w,
      h: box.h,
      cc: char.cc,
      ...forms,
    };
  });
  const scan: Scan | null = image && {
    pageUid: page.pageUid,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
  };
  const { keys } = scan
    ? await cutCharImages(charImages.storage, scan, chars)
    : { keys: new Map<string, string>() };
  const charImageRowsOfPage = charImageRows(
    chars,
    { pageUid: page.pageUid, tripitakaUid, sutraUid },
    keys,
    charImages.variants,
  );
  const pageRow = {
    uid: page.pageUid,
    tripitaka_uid: tripitakaUid,
    book_uid: bookUidOfPage(page.pageUid) as string,
    sn: Number.parseInt(page.pageUid.split("_").at(-1) ?? "0", 10),
    ouid: page.imageFile ? basename(page.imageFile, extname(page.imageFile)) : page.pageUid,
    reel_uids: "[]",
    sutra_uids: "[]",
    line_count: lines.length,
    img_name: image ? page.pageUid : null,
    img_path: image?.path ?? null,
    thumb_path: image?.thumb ?? null,
    img_width: image?.width ?? page.boxSpace?.width ?? null,
    img_height: image?.height ?? page.boxSpace?.height ?? null,
    blocks: JSON.stringify(
      page.blocks.map((b) => ({ block_id: b.blockId, ...scaled({ x: b.x, y: b.y, w: b.w, h: b.h }) })),
    ),
    columns: JSON.stringify(
      page.columns.map((c) => ({
        column_id: c.columnId,
        line_no: c.lineNo,
        ...scaled({ x: c.x, y: c.y, w: c.w, h: c.h }),
      })),
    ),
    updated_at: now,
  };
  await canon.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("char_image").where("page_uid", "=", page.pageUid).execute();
    await trx.deleteFrom("char").where("page_uid", "=", page.pageUid).execute();
    await trx.deleteFrom("line").where("page_uid", "=", page.pageUid).where("reel_uid", "is", null).execute();
    const { uid, ...update } = pageRow;
    await trx
      .insertInto("page")
      .values(pageRow)
      .onConflict((oc) => oc.column("uid").doUpdateSet(update))
      .execute();
    if (lines.length > 0) await trx.insertInto("line").values(lines).execute();
    for (let i = 0; i < chars.length; i += 1000) {
      await trx
        .insertInto("char")
        .values(chars.slice(i, i + 1000))
        .execute();
      await trx
        .insertInto("char_image")
        .values(charImageRowsOfPage.slice(i, i + 1000))
        .execute();
    }
    await trx
      .insertInto("setting")
      .values({ key: `scan_hash:${uid}`, value: hash })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: hash }))
      .execute();
  });
}

export async function importPageImages(options: {
  canon: CanonDb;
  storage: ObjectStorage;
  dir: string;
  /** The corpus's metadata, for the variant table that flags variant forms; none flags nothing. */
  metadataDir?: string | null;
  converter: TextFormConverter;
  now: () => number;
  onProgress?: (done: number, total: number, file: string) => void;
}): Promise<{ pages: number; tripitakas: Set<string>; failures: ImportFailure[] }> {
  const { canon } = options;
  const failures: ImportFailure[] = [];
  const tripitakas = new Set<string>();
  let pages = 0;
  let scanPages: ScanPage[] = [];
  try {
    scanPages = readScanSets(options.dir);
  } catch (error) {
    return { pages, tripitakas, failures: [{ file: options.dir, line: null, message: String(error) }] };
  }
  const storeModes = new Map(
    (await canon.db.selectFrom("tripitaka").select(["uid", "store_mode"]).execute()).map((t) => [
      t.uid,
      t.store_mode,
    ]),
  );
  const variants = await charVariantForms(canon.db, options.metadataDir ?? null);
  const charImages: CharImageContext = { storage: options.storage, variants };
  const placeInCatalogue = await loadSutraPlacer(canon.db);
  const gaijiHash = await canon.db
    .selectFrom("setting")
    .select("value")
    .where("key", "=", "gaiji_hash")
    .executeTakeFirst();
  const rulesHash = createHash("sha256")
    .update(`${gaijiHash?.value ?? ""}\n${[...variants].sort().join("")}`)
    .digest("hex");
  for (const [index, page] of scanPages.entries()) {
    const shown = page.sourceFiles[0] ?? page.pageUid;
    options.onProgress?.(index, scanPages.length, page.pageUid);
    try {
      const tripitakaUid = tripitakaOf(page.pageUid);
      if (!tripitakaUid || !storeModes.has(tripitakaUid))
        throw new Error(`no tripitaka for page ${page.pageUid}`);
      const sutraUid =
        placeInCatalogue(page.pageUid) ?? sutraOfScanPage(page.pageUid, storeModes.get(tripitakaUid));
      const hash = hashOf(page, rulesHash, sutraUid);
      const stored = await canon.db
        .selectFrom("setting")
        .select("value")
        .where("key", "=", `scan_hash:${page.pageUid}`)
        .executeTakeFirst();
      if (stored?.value === hash) continue;
      const image = await storeImage(options.storage, page);
      await writePage(canon, page, image, hash, options.converter, options.now(), sutraUid, charImages);
      tripitakas.add(tripitakaUid);
      pages++;
    } catch (error) {
      failures.push({
        file: shown,
        line: null,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  options.onProgress?.(scanPages.length, scanPages.length, "");
  return { pages, tripitakas, failures };
}
