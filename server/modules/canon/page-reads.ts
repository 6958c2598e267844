/**
 * Pages read many at a time (the download batches and plans, and the single page of GET /v1/page):
 * a few queries per batch instead of a few per page.
 */
import type { Kysely } from "kysely";
import type { Page } from "../../../contract/canon.ts";
import { printCharId, printLineId } from "../../../contract/ids.ts";
import { countChars } from "../../../contract/text-forms.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { groupBy } from "./reel-reads.ts";

type Db = Kysely<Database>;

type Box = { x: number; y: number; w: number; h: number };

/** Pages by uid, each as GET /v1/page answers it; unknown uids are left out. */
export async function readPages(
  db: Db,
  storage: ObjectStorage,
  pageUids: readonly string[],
): Promise<Map<string, Page>> {
  const out = new Map<string, Page>();
  if (pageUids.length === 0) return out;
  // Each page's neighbours in its book: one seek of the (book_uid, sn) index each way.
  const pages = await db
    .selectFrom("page as p")
    .select((eb) => [
      "p.uid",
      "p.ouid",
      "p.book_uid",
      "p.reel_uids",
      "p.sutra_uids",
      "p.img_name",
      "p.img_path",
      "p.thumb_path",
      "p.img_width",
      "p.img_height",
      "p.blocks",
      "p.columns",
      eb
        .selectFrom("page as q")
        .select("q.uid")
        .whereRef("q.book_uid", "=", "p.book_uid")
        .whereRef("q.sn", "<", "p.sn")
        .orderBy("q.sn", "desc")
        .limit(1)
        .as("prev_uid"),
      eb
        .selectFrom("page as q")
        .select("q.uid")
        .whereRef("q.book_uid", "=", "p.book_uid")
        .whereRef("q.sn", ">", "p.sn")
        .orderBy("q.sn")
        .limit(1)
        .as("next_uid"),
    ])
    .where("p.uid", "in", [...pageUids])
    .execute();
  if (pages.length === 0) return out;
  const uids = pages.map((p) => p.uid);
  const [lines, chars] = await Promise.all([
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
  ]);
  const linesOf = groupBy(lines, (line) => line.page_uid);
  const charsOf = groupBy(chars, (char) => char.page_uid);

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
      prev_page_uid: page.prev_uid ?? null,
      next_page_uid: page.next_uid ?? null,
      allowed: true,
    });
  }
  return out;
}
