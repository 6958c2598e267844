/**
 * The colophon rows of one sutra, from its CBETA files, and their writing in the sutra's own
 * transaction: the rows of the previous import go, the new ones come in.
 */
import type { Insertable, Transaction } from "kysely";
import { pageUidOf, printLineId } from "../../../contract/ids.ts";
import type { Database } from "../../db/schema.ts";
import type { PubNoteTable } from "../../db/tables/colophon.ts";
import { foldText } from "../../modules/colophons/folding.ts";
import type { ParsedCbetaFile } from "../cbeta-parser.ts";
import type { GaijiCatalogue } from "../gaiji.ts";
import type { PreparedSutra } from "../prepare-sutra.ts";
import { findColophons } from "./extract-colophons.ts";
import { type TextParagraph, textParagraphs } from "./text-paragraphs.ts";

export type ColophonRow = Insertable<PubNoteTable>;

/** A file with none of these has no colophon: its paragraphs are not gathered. */
const MAYBE_COLOPHON =
  /type="w"|捐|施[貲資銀]|助[刻梓刊]|[同仝共敬]刻|敬[刊梓]|募[刻梓]|重[刊刻梓]|藏[板版]|[板版]存|板藏|計字|該銀|對稿/u;

/** `0934b` → page 934, register b, in the order of prepare-sutra.ts (number × 32 + register). */
function pageOrder(volume: number, pageKey: string): number {
  const match = /^[a-z]?(\d+)([a-z]?)$/u.exec(pageKey);
  const number = Number.parseInt(match?.[1] ?? "0", 10);
  const register = match?.[2] ? match[2].charCodeAt(0) - 96 : 0;
  return volume * 1_000_000 + number * 32 + register;
}

export const mayHoldColophon = (xml: string): boolean => MAYBE_COLOPHON.test(xml);

/**
 * The colophons of a sutra's files (`xmls` and `parts` in the same, volume, order). `paragraphs`:
 * each file's, gathered while it was parsed (paragraphReader), null for a file that may hold none.
 */
export function colophonRows(
  xmls: readonly string[],
  parts: readonly ParsedCbetaFile[],
  sutra: PreparedSutra,
  gaiji: GaijiCatalogue,
  paragraphs?: readonly (readonly TextParagraph[] | null)[],
): ColophonRow[] {
  const reelNames = new Map(sutra.reels.map((reel) => [reel.uid, `${sutra.nameTrad} ${reel.name_trad}`]));
  const rows: ColophonRow[] = [];
  parts.forEach((part, index) => {
    const xml = xmls[index] ?? "";
    const gathered = paragraphs
      ? paragraphs[index]
      : mayHoldColophon(xml)
        ? textParagraphs(xml, part.collection, gaiji)
        : null;
    if (!gathered) return;
    const reelOfLine = new Map(part.lines.map((line) => [`${line.pageKey}:${line.lineNo}`, line.reelNo]));
    for (const { lines, fields } of findColophons(gathered)) {
      const first = lines[0];
      const last = lines.at(-1);
      if (!first || !last) continue;
      const reelNo = reelOfLine.get(`${first.pageKey}:${first.lineNo}`) ?? part.reelNos[0] ?? 1;
      const reel = sutra.reels.find((candidate) => candidate.reel_no === reelNo) ?? sutra.reels[0];
      if (!reel) continue;
      const pageUids = [
        ...new Set(lines.map((line) => pageUidOf(sutra.tripitakaUid, part.volume, line.pageKey))),
      ];
      const reelName = reelNames.get(reel.uid) ?? reel.name_trad;
      rows.push({
        tripitaka_uid: sutra.tripitakaUid,
        sutra_uid: sutra.uid,
        reel_uid: reel.uid,
        sn: rows.length,
        reel_order: sutra.sn * 1_000 + reel.reel_no,
        page_order: pageOrder(part.volume, first.pageKey),
        reel_name: reelName,
        first_page_uid: pageUids[0] ?? "",
        last_page_uid: pageUids.at(-1) ?? "",
        page_uids: pageUids.join(","),
        first_line_id: printLineId({ pageUid: pageUids[0] ?? "", line: first.lineNo }),
        last_line_id: printLineId({ pageUid: pageUids.at(-1) ?? "", line: last.lineNo }),
        pub_note: fields.pubNote,
        pub_era: fields.pubEra,
        pub_year: fields.pubYear,
        pub_address: fields.pubAddress,
        thousand_char: fields.thousandChar,
        char_count: fields.charCount,
        fundraiser: fields.fundraiser,
        donor: fields.donor,
        donate_wish: fields.donateWish,
        donate_amount: fields.donateAmount,
        donate_amount_li: fields.donateAmountLi,
        writer: fields.writer,
        editor: fields.editor,
        engraver: fields.engraver,
        director: fields.director,
        remark: fields.remark,
        pub_note_fold: foldText(fields.pubNote),
        reel_name_fold: foldText(reelName),
        pub_era_fold: foldText(fields.pubEra ?? ""),
        pub_address_fold: foldText(fields.pubAddress ?? ""),
        fundraiser_fold: foldText(fields.fundraiser ?? ""),
        donor_fold: foldText(fields.donor ?? ""),
        writer_fold: foldText(fields.writer ?? ""),
        editor_fold: foldText(fields.editor ?? ""),
        engraver_fold: foldText(fields.engraver ?? ""),
        director_fold: foldText(fields.director ?? ""),
        remark_fold: foldText(fields.remark ?? ""),
      });
    }
  });
  return rows;
}

/** Rows per INSERT: under SQLite's limit of bound values for this table's 45 columns. */
const BATCH_ROWS = 500;

/** Replaces a sutra's colophons inside the transaction that writes the sutra. */
export async function replaceColophons(
  trx: Transaction<Database>,
  sutraUid: string,
  rows: readonly ColophonRow[],
): Promise<void> {
  await trx.deleteFrom("pub_note").where("sutra_uid", "=", sutraUid).execute();
  for (let i = 0; i < rows.length; i += BATCH_ROWS)
    await trx
      .insertInto("pub_note")
      .values(rows.slice(i, i + BATCH_ROWS))
      .execute();
}
