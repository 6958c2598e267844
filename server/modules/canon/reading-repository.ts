/**
 * Reads of the text itself: a reel's lines grouped by page, a sutra's catalogue tree, and a page
 * with its columns, boxed chars and scan.
 */
import type { Kysely } from "kysely";
import type { CatalogNode, Page, Reel } from "../../../contract/canon.ts";
import { printCharId, printLineId } from "../../../contract/ids.ts";
import { countChars } from "../../../contract/text-forms.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
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

type Box = { x: number; y: number; w: number; h: number };

export async function readPage(db: Db, storage: ObjectStorage, pageUid: string): Promise<Page | null> {
  const page = await db
    .selectFrom("page")
    .select([
      "uid",
      "ouid",
      "book_uid",
      "sn",
      "reel_uids",
      "sutra_uids",
      "img_name",
      "img_path",
      "thumb_path",
      "img_width",
      "img_height",
      "blocks",
      "columns",
    ])
    .where("uid", "=", pageUid)
    .executeTakeFirst();
  if (!page) return null;
  const [lines, chars, prev, next] = await Promise.all([
    db
      .selectFrom("line")
      .select(["line_no", "ori_txt", "uni_txt", "std_txt", "sim_txt"])
      .where("page_uid", "=", pageUid)
      .orderBy("line_no")
      .execute(),
    db
      .selectFrom("char")
      .select([
        "line_no",
        "char_no",
        "box_char_id",
        "x",
        "y",
        "w",
        "h",
        "cc",
        "ori_txt",
        "uni_txt",
        "std_txt",
        "sim_txt",
      ])
      .where("page_uid", "=", pageUid)
      .orderBy("line_no")
      .orderBy("char_no")
      .execute(),
    db
      .selectFrom("page")
      .select("uid")
      .where("book_uid", "=", page.book_uid)
      .where("sn", "<", page.sn)
      .orderBy("sn", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("page")
      .select("uid")
      .where("book_uid", "=", page.book_uid)
      .where("sn", ">", page.sn)
      .orderBy("sn")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const columnBoxes = new Map(
    (JSON.parse(page.columns ?? "[]") as (Box & { column_id: string; line_no: number })[]).map((c) => [
      c.line_no,
      c,
    ]),
  );
  const blocks = JSON.parse(page.blocks ?? "[]") as (Box & { block_id: string })[];
  return {
    uid: page.uid,
    ouid: page.ouid,
    book_uid: page.book_uid,
    columns: lines.map((line) => {
      const box = columnBoxes.get(line.line_no);
      return {
        cid: printLineId({ pageUid, line: line.line_no }),
        column_id: box?.column_id ?? null,
        text: { ori_txt: line.ori_txt, uni_txt: line.uni_txt, std_txt: line.std_txt, sim_txt: line.sim_txt },
        box: box ? { x: box.x, y: box.y, w: box.w, h: box.h } : null,
      };
    }),
    chars: chars.map((c) => ({
      char_id: printCharId({ pageUid, line: c.line_no, char: c.char_no }),
      cid: printLineId({ pageUid, line: c.line_no }),
      box_char_id: c.box_char_id,
      x: c.x,
      y: c.y,
      w: c.w,
      h: c.h,
      cc: c.cc,
      ori_txt: c.ori_txt,
      uni_txt: c.uni_txt,
      std_txt: c.std_txt,
      sim_txt: c.sim_txt,
    })),
    blocks: blocks.map((b) => ({ block_id: b.block_id, x: b.x, y: b.y, w: b.w, h: b.h })),
    format: { chars: lines.reduce((n, l) => n + countChars(l.ori_txt), 0), columns: lines.length },
    image: page.img_width && page.img_height ? { width: page.img_width, height: page.img_height } : null,
    img_name: page.img_name,
    img_url: page.img_path ? storage.urlFor(page.img_path) : null,
    thumb_url: page.thumb_path ? storage.urlFor(page.thumb_path) : null,
    sutra_uids: JSON.parse(page.sutra_uids) as string[],
    reel_uids: JSON.parse(page.reel_uids) as string[],
    prev_page_uid: prev?.uid ?? null,
    next_page_uid: next?.uid ?? null,
    allowed: true,
  };
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
