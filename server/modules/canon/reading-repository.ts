/**
 * Reads of the text itself: a reel's lines grouped by page, a sutra's catalogue tree, and a page
 * with its columns, boxed chars and scan.
 */
import type { Kysely } from "kysely";
import type { CatalogNode, Page, Reel } from "../../../contract/canon.ts";
import { printLineId } from "../../../contract/ids.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { readPages } from "./page-reads.ts";
import { readReels } from "./reel-reads.ts";

type Db = Kysely<Database>;

export async function readReel(
  db: Db,
  storage: ObjectStorage,
  reelUid: string,
  txtType: TxtType,
): Promise<Reel | null> {
  const reel = (await readReels(db, storage, [reelUid], [txtType])).get(`${reelUid}:${txtType}`);
  if (!reel) return null;
  const allText = reel.pages.flatMap((page) => page.lines.map((line) => line.text)).join("\n");
  return { ...reel, allText };
}

/** Whether any page of the tripitaka is stored (its texts or its scans). */
export async function hasPages(db: Db, tripitakaUid: string): Promise<boolean> {
  const page = await db
    .selectFrom("page")
    .select("uid")
    .where("tripitaka_uid", "=", tripitakaUid)
    .limit(1)
    .executeTakeFirst();
  return page !== undefined;
}

export async function readSutraCatalog(db: Db, sutraUid: string) {
  const sutra = await db.selectFrom("sutra").select("uid").where("uid", "=", sutraUid).executeTakeFirst();
  if (!sutra) return null;
  const [reels, entries] = await Promise.all([
    db
      .selectFrom("reel")
      .select(["uid", "name_sim", "first_page_uid"])
      .where("sutra_uid", "=", sutraUid)
      .orderBy("reel_no")
      .execute(),
    db
      .selectFrom("mulu")
      .select(["sn", "parent_sn", "type", "label_trad", "label_sim", "reel_uid", "page_uid", "line_no"])
      .where("sutra_uid", "=", sutraUid)
      .orderBy("sn")
      .execute(),
  ]);
  const nodes = new Map<number, CatalogNode>();
  const tree: CatalogNode[] = [];
  for (const entry of entries) {
    const lineUid = printLineId({ pageUid: entry.page_uid, line: entry.line_no });
    const node: CatalogNode = {
      key: `${entry.reel_uid}:${lineUid}`,
      reel_uid: entry.reel_uid,
      line_uid: lineUid,
      type: entry.type,
      std_txt: entry.label_trad,
      sim_txt: entry.label_sim,
      children: [],
    };
    nodes.set(entry.sn, node);
    const parent = entry.parent_sn === null ? undefined : nodes.get(entry.parent_sn);
    (parent ? parent.children : tree).push(node);
  }
  return {
    sutra_uid: sutraUid,
    reels: reels.map((r) => ({ uid: r.uid, name: r.name_sim, first_page_uid: r.first_page_uid })),
    tree,
  };
}

export async function readPage(db: Db, storage: ObjectStorage, pageUid: string): Promise<Page | null> {
  return (await readPages(db, storage, [pageUid])).get(pageUid) ?? null;
}

export async function imageNames(db: Db, bookUids: string[]): Promise<Record<string, string[]>> {
  const rows = await db
    .selectFrom("page")
    .select(["uid", "book_uid"])
    .where("book_uid", "in", bookUids)
    .where("img_path", "is not", null)
    .orderBy("book_uid")
    .orderBy("sn")
    .execute();
  const result: Record<string, string[]> = Object.fromEntries(bookUids.map((b) => [b, []]));
  for (const row of rows) result[row.book_uid]?.push(row.uid);
  return result;
}

/** Thumbnail addresses of the scanned pages among `pageUids` (null for a scan stored without one). */
export async function pageThumbs(
  db: Db,
  storage: ObjectStorage,
  pageUids: readonly string[],
): Promise<Record<string, string | null>> {
  const rows = await db
    .selectFrom("page")
    .select(["uid", "thumb_path"])
    .where("uid", "in", [...pageUids])
    .where("img_path", "is not", null)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.uid, row.thumb_path ? storage.urlFor(row.thumb_path) : null]),
  );
}

export async function pageImage(db: Db, storage: ObjectStorage, pageUid: string) {
  const row = await db
    .selectFrom("page")
    .select(["uid", "img_name", "img_path", "thumb_path", "img_width", "img_height"])
    .where("uid", "=", pageUid)
    .executeTakeFirst();
  if (!row) return { found: false as const };
  if (!row.img_path || !row.img_name) return { found: true as const, image: null };
  return {
    found: true as const,
    image: {
      page_uid: row.uid,
      img_name: row.img_name,
      url: storage.urlFor(row.img_path),
      thumb_url: row.thumb_path ? storage.urlFor(row.thumb_path) : null,
      width: row.img_width ?? 0,
      height: row.img_height ?? 0,
    },
  };
}
