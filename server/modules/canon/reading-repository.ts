/**
 * Reads of the text itself: a reel's lines grouped by page, a sutra's catalogue tree, and a page
 * with its columns, boxed chars and scan.
 */
import type { Kysely } from "kysely";
import { type CatalogNode, CBETA_AVAILABILITY, type Page, type Reel } from "../../../contract/canon.ts";
import { printCharId, printLineId } from "../../../contract/ids.ts";
import { countChars } from "../../../contract/text-forms.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";

type Db = Kysely<Database>;

const offsets = (csv: string | null): number[] => (csv ? csv.split(",").map(Number) : []);

export async function readReel(
  db: Db,
  storage: ObjectStorage,
  reelUid: string,
  txtType: TxtType,
): Promise<Reel | null> {
  const reel = await db
    .selectFrom("reel")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select([
      "reel.uid",
      "reel.sutra_uid",
      "reel.reel_no",
      "reel.name_trad",
      "reel.name_sim",
      "sutra.name_trad as sutra_name_trad",
      "sutra.name_sim as sutra_name_sim",
      "sutra.byline",
      "sutra.source_title",
      "sutra.source_file",
    ])
    .where("reel.uid", "=", reelUid)
    .executeTakeFirst();
  if (!reel) return null;

  const [lines, siblings] = await Promise.all([
    db
      .selectFrom("line")
      .select(["page_uid", "line_no", txtType, "para_offsets"])
      .where("reel_uid", "=", reelUid)
      .orderBy("reel_seq")
      .execute(),
    db
      .selectFrom("reel")
      .select(["uid", "reel_no"])
      .where("sutra_uid", "=", reel.sutra_uid)
      .orderBy("reel_no")
      .execute(),
  ]);
  const pageUids = [...new Set(lines.map((l) => l.page_uid))];
  const pageRows = pageUids.length
    ? await db.selectFrom("page").select(["uid", "ouid", "img_path"]).where("uid", "in", pageUids).execute()
    : [];
  const pageByUid = new Map(pageRows.map((p) => [p.uid, p]));

  const pages: Reel["pages"] = [];
  let chars = 0;
  for (const line of lines) {
    const text = line[txtType] as string;
    chars += countChars(text);
    let page = pages.at(-1);
    if (!page || page.uid !== line.page_uid) {
      const row = pageByUid.get(line.page_uid);
      page = {
        uid: line.page_uid,
        ouid: row?.ouid ?? line.page_uid,
        cids: [],
        images: row?.img_path ? [storage.urlFor(row.img_path)] : [],
        lines: [],
      };
      pages.push(page);
    }
    const cid = printLineId({ pageUid: line.page_uid, line: line.line_no });
    page.cids.push(cid);
    page.lines.push({ cid, text, para_offsets: offsets(line.para_offsets) });
  }
  const index = siblings.findIndex((s) => s.uid === reelUid);
  return {
    sutra_uid: reel.sutra_uid,
    reel_uid: reel.uid,
    reel_no: reel.reel_no,
    name: txtType === "sim_txt" ? reel.name_sim : reel.name_trad,
    sutra_name: txtType === "sim_txt" ? reel.sutra_name_sim : reel.sutra_name_trad,
    dynasty_author: reel.byline,
    txt_type: txtType,
    pages,
    format: { chars, columns: lines.length },
    allText: lines.map((l) => l[txtType] as string).join("\n"),
    prev_reel_uid: siblings[index - 1]?.uid ?? null,
    next_reel_uid: siblings[index + 1]?.uid ?? null,
    source: { title: reel.source_title, availability: CBETA_AVAILABILITY, file: reel.source_file },
  };
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
