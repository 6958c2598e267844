/**
 * The column image of one char (spec section 7, `char/column/img`): the page scan cropped to the
 * column that holds the char, kept in storage after the first request, and the char's box inside it.
 */
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { CharColumnImg } from "../../../contract/charImage.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";

type Box = { x: number; y: number; w: number; h: number };
type StoredColumn = Box & { column_id: string; line_no: number };

/** Margin around the column, in image pixels, so strokes at the edge are not cut. */
const COLUMN_MARGIN = 6;

export type ColumnImageLookup =
  | { kind: "found"; image: CharColumnImg }
  | { kind: "no-page" }
  | { kind: "no-char" }
  | { kind: "no-image" };

function parseColumns(json: string | null): StoredColumn[] {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as StoredColumn[]) : [];
}

/** The box around every char of a line, for scans whose columns carry no box of their own. */
function unionOf(boxes: Box[]): Box {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.w));
  const bottom = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

function clampedCrop(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(box.x - COLUMN_MARGIN));
  const y = Math.max(0, Math.floor(box.y - COLUMN_MARGIN));
  const right = Math.min(width, Math.ceil(box.x + box.w + COLUMN_MARGIN));
  const bottom = Math.min(height, Math.ceil(box.y + box.h + COLUMN_MARGIN));
  return { x, y, w: Math.max(1, right - x), h: Math.max(1, bottom - y) };
}

/**
 * Cuts that may run at once. sharp works in libuv's thread pool (four threads by default), which
 * also serves every file read and write: unbounded, a burst of cuts keeps storage reads, page
 * images and font subsets included, waiting behind it.
 */
const MAX_PARALLEL_CUTS = 2;
let runningCuts = 0;
const waitingCuts: Array<() => void> = [];

async function withCutSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningCuts < MAX_PARALLEL_CUTS) runningCuts += 1;
  else await new Promise<void>((resolve) => waitingCuts.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiting cut, if any.
    const next = waitingCuts.shift();
    if (next) next();
    else runningCuts -= 1;
  }
}

/** Cuts the column from the page scan into storage; false when the scan is missing. */
async function cutColumn(storage: ObjectStorage, scanKey: string, key: string, crop: Box): Promise<boolean> {
  // Another request may have cut the same column while this one waited for a slot.
  if (await storage.exists(key)) return true;
  const scan = await storage.get(scanKey);
  if (!scan) return false;
  const cropped = await sharp(scan)
    .extract({ left: crop.x, top: crop.y, width: crop.w, height: crop.h })
    .jpeg({ quality: 85 })
    .toBuffer();
  await storage.put(key, cropped, "image/jpeg");
  return true;
}

export async function columnImageOf(
  db: Kysely<Database>,
  storage: ObjectStorage,
  tripitakaUid: string,
  pageUid: string,
  charSn: string,
): Promise<ColumnImageLookup> {
  const page = await db
    .selectFrom("page")
    .select(["uid", "img_path", "img_width", "img_height", "columns"])
    .where("uid", "=", pageUid)
    .where("tripitaka_uid", "=", tripitakaUid)
    .executeTakeFirst();
  if (!page) return { kind: "no-page" };
  const [lineNo, charNo] = charSn.split(".").map(Number) as [number, number];
  const lineChars = await db
    .selectFrom("char")
    .select(["char_no", "x", "y", "w", "h"])
    .where("page_uid", "=", pageUid)
    .where("line_no", "=", lineNo)
    .orderBy("char_no")
    .execute();
  const char = lineChars.find((c) => c.char_no === charNo);
  if (!char) return { kind: "no-char" };
  if (!page.img_path || !page.img_width || !page.img_height) return { kind: "no-image" };

  const column = parseColumns(page.columns).find((c) => c.line_no === lineNo);
  const columnId = column?.column_id ?? `line${lineNo}`;
  const crop = clampedCrop(column ?? unionOf(lineChars), page.img_width, page.img_height);
  const key = `columns/${pageUid}/${columnId}.jpg`;
  const scanKey = page.img_path;
  if (!(await storage.exists(key))) {
    const cut = await withCutSlot(() => cutColumn(storage, scanKey, key, crop));
    if (!cut) return { kind: "no-image" };
  }
  return {
    kind: "found",
    image: {
      column_uid: `${pageUid}.${columnId}`,
      url: storage.urlFor(key),
      w: crop.w,
      h: crop.h,
      char_pos: { x: char.x - crop.x, y: char.y - crop.y, w: char.w, h: char.h },
    },
  };
}
