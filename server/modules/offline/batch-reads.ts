/**
 * Reels and pages read many at a time, for downloads and their plans: a few queries per batch
 * instead of a few per reel or page. Each object is built exactly as GET /v1/reel and GET /v1/page
 * build theirs (same fields, same order), less the reel's `allText`, so its JSON has the size the
 * library will store and the plan announces.
 */
import type { Kysely } from "kysely";
import { CBETA_AVAILABILITY, type Page, type Reel } from "../../../contract/canon.ts";
import { printCharId, printLineId } from "../../../contract/ids.ts";
import { countChars } from "../../../contract/text-forms.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";

type Db = Kysely<Database>;
export type StoredReelShape = Omit<Reel, "allText">;

/** Keeps IN lists well under both dialects' bound-parameter limits. */
const IN_CHUNK = 500;

export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

const offsets = (csv: string | null): number[] => (csv ? csv.split(",").map(Number) : []);

async function pageImagePaths(db: Db, pageUids: string[]) {
  const rows = [];
  for (const part of chunks(pageUids, IN_CHUNK)) {
    rows.push(
      ...(await db.selectFrom("page").select(["uid", "ouid", "img_path"]).where("uid", "in", part).execute()),
    );
  }
  return new Map(rows.map((row) => [row.uid, row]));
}

/**
 * The reels in each text form, keyed `${reel_uid}:${txt_type}`; unknown reel uids are left out.
 * Lines come in one query over all asked forms, so a reel in four forms costs no more reads.
 */
export async function readReels(
  db: Db,
  storage: ObjectStorage,
  reelUids: readonly string[],
  txtTypes: readonly TxtType[],
): Promise<Map<string, StoredReelShape>> {
  const out = new Map<string, StoredReelShape>();
  if (reelUids.length === 0) return out;
  const reels = await db
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
    .where("reel.uid", "in", [...reelUids])
    .execute();
  if (reels.length === 0) return out;
  const sutraUids = [...new Set(reels.map((r) => r.sutra_uid))];
  const [lines, siblings] = await Promise.all([
    db
      .selectFrom("line")
      .select(["reel_uid", "page_uid", "line_no", "para_offsets", ...txtTypes])
      .where(
        "reel_uid",
        "in",
        reels.map((r) => r.uid),
      )
      .orderBy("reel_uid")
      .orderBy("reel_seq")
      .execute(),
    db
      .selectFrom("reel")
      .select(["uid", "sutra_uid", "reel_no"])
      .where("sutra_uid", "in", sutraUids)
      .orderBy("sutra_uid")
      .orderBy("reel_no")
      .execute(),
  ]);
  const pageRows = await pageImagePaths(db, [...new Set(lines.map((l) => l.page_uid))]);
  const linesOf = groupBy(lines, (line) => line.reel_uid ?? "");
  const siblingsOf = groupBy(siblings, (s) => s.sutra_uid);

  for (const reel of reels) {
    const reelLines = linesOf.get(reel.uid) ?? [];
    const order = (siblingsOf.get(reel.sutra_uid) ?? []).map((s) => s.uid);
    const index = order.indexOf(reel.uid);
    for (const txtType of txtTypes) {
      const pages: Reel["pages"] = [];
      let chars = 0;
      for (const line of reelLines) {
        const text = line[txtType] as string;
        chars += countChars(text);
        let page = pages.at(-1);
        if (!page || page.uid !== line.page_uid) {
          const row = pageRows.get(line.page_uid);
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
      out.set(`${reel.uid}:${txtType}`, {
        sutra_uid: reel.sutra_uid,
        reel_uid: reel.uid,
        reel_no: reel.reel_no,
        name: txtType === "sim_txt" ? reel.name_sim : reel.name_trad,
        sutra_name: txtType === "sim_txt" ? reel.sutra_name_sim : reel.sutra_name_trad,
        dynasty_author: reel.byline,
        txt_type: txtType,
        pages,
        format: { chars, columns: reelLines.length },
        prev_reel_uid: order[index - 1] ?? null,
        next_reel_uid: order[index + 1] ?? null,
        source: { title: reel.source_title, availability: CBETA_AVAILABILITY, file: reel.source_file },
      });
    }
  }
  return out;
}

type Box = { x: number; y: number; w: number; h: number };

/** Pages by uid, each as GET /v1/page answers it; unknown uids are left out. */
export async function readPages(
  db: Db,
  storage: ObjectStorage,
  pageUids: readonly string[],
): Promise<Map<string, Page>> {
  const out = new Map<string, Page>();
  if (pageUids.length === 0) return out;
  const pages = await db
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
    .where("uid", "in", [...pageUids])
    .execute();
  if (pages.length === 0) return out;
  const uids = pages.map((p) => p.uid);
  const books = [...new Set(pages.map((p) => p.book_uid))];
  const [lines, chars, bookPages] = await Promise.all([
    db
      .selectFrom("line")
      .select(["page_uid", "line_no", "ori_txt", "uni_txt", "std_txt", "sim_txt"])
      .where("page_uid", "in", uids)
      .orderBy("page_uid")
      .orderBy("line_no")
      .execute(),
    db
      .selectFrom("char")
      .select([
        "page_uid",
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
      .where("page_uid", "in", uids)
      .orderBy("page_uid")
      .orderBy("line_no")
      .orderBy("char_no")
      .execute(),
    db
      .selectFrom("page")
      .select(["uid", "book_uid"])
      .where("book_uid", "in", books)
      .orderBy("book_uid")
      .orderBy("sn")
      .execute(),
  ]);
  const linesOf = groupBy(lines, (line) => line.page_uid);
  const charsOf = groupBy(chars, (char) => char.page_uid);
  const neighbours = new Map<string, { prev: string | null; next: string | null }>();
  for (let i = 0; i < bookPages.length; i++) {
    const row = bookPages[i] as (typeof bookPages)[number];
    const prev = bookPages[i - 1];
    const next = bookPages[i + 1];
    neighbours.set(row.uid, {
      prev: prev?.book_uid === row.book_uid ? prev.uid : null,
      next: next?.book_uid === row.book_uid ? next.uid : null,
    });
  }

  for (const page of pages) {
    const pageUid = page.uid;
    const pageLines = linesOf.get(pageUid) ?? [];
    const columnBoxes = new Map(
      (JSON.parse(page.columns ?? "[]") as (Box & { column_id: string; line_no: number })[]).map((c) => [
        c.line_no,
        c,
      ]),
    );
    const blocks = JSON.parse(page.blocks ?? "[]") as (Box & { block_id: string })[];
    const near = neighbours.get(pageUid);
    out.set(pageUid, {
      uid: page.uid,
      ouid: page.ouid,
      book_uid: page.book_uid,
      columns: pageLines.map((line) => {
        const box = columnBoxes.get(line.line_no);
        return {
          cid: printLineId({ pageUid, line: line.line_no }),
          column_id: box?.column_id ?? null,
          text: {
            ori_txt: line.ori_txt,
            uni_txt: line.uni_txt,
            std_txt: line.std_txt,
            sim_txt: line.sim_txt,
          },
          box: box ? { x: box.x, y: box.y, w: box.w, h: box.h } : null,
        };
      }),
      chars: (charsOf.get(pageUid) ?? []).map((c) => ({
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
      format: {
        chars: pageLines.reduce((n, l) => n + countChars(l.ori_txt), 0),
        columns: pageLines.length,
      },
      image: page.img_width && page.img_height ? { width: page.img_width, height: page.img_height } : null,
      img_name: page.img_name,
      img_url: page.img_path ? storage.urlFor(page.img_path) : null,
      thumb_url: page.thumb_path ? storage.urlFor(page.thumb_path) : null,
      sutra_uids: JSON.parse(page.sutra_uids) as string[],
      reel_uids: JSON.parse(page.reel_uids) as string[],
      prev_page_uid: near?.prev ?? null,
      next_page_uid: near?.next ?? null,
      allowed: true,
    });
  }
  return out;
}
