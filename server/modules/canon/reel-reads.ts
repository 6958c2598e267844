/**
 * Reels read many at a time (the download batches and plans, and the single reel of GET /v1/reel):
 * a few queries per batch instead of a few per reel. Each reel is built as GET /v1/reel answers it
 * (same fields, same order), less `allText`, so its JSON has the size the offline library stores
 * and the plan announces.
 */
import type { Kysely } from "kysely";
import { CBETA_AVAILABILITY, type Reel } from "../../../contract/canon.ts";
import { printLineId } from "../../../contract/ids.ts";
import { countChars } from "../../../contract/text-forms.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";

type Db = Kysely<Database>;
export type StoredReelShape = Omit<Reel, "allText">;

/** Keeps IN lists well under both dialects' bound-parameter limits. */
export const IN_CHUNK = 500;

export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
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
