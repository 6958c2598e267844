/**
 * The plain scan the search tests compare the index with: every reel's stored lines of a text
 * type, joined, with punctuation, spaces and symbols taken out, searched with indexOf.
 */
import type { Kysely } from "kysely";
import type { SearchResult } from "../../contract/search.ts";
import { LINE_BREAK, type ReelText } from "../../contract/search-snippets.ts";
import { createSearchFolding, variantPairsOfGaiji } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { App } from "../../server/app.ts";
import type { Database } from "../../server/db/schema.ts";

export type ScannedReel = { reelUid: string; sutraUid: string; text: string };

const plain = (text: string): string =>
  text.replace(/[\s\p{P}\p{S}\p{Z}]/gu, "").replace(/[A-Z]/g, (c) => c.toLowerCase());

export async function scanTexts(
  db: Kysely<Database>,
  tripitakaUid: string,
  txtType: TxtType,
): Promise<ScannedReel[]> {
  const rows = await db
    .selectFrom("line")
    .innerJoin("reel", "reel.uid", "line.reel_uid")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select(["reel.uid", "reel.sutra_uid", `line.${txtType} as text`])
    .where("sutra.tripitaka_uid", "=", tripitakaUid)
    .orderBy("reel.uid")
    .orderBy("line.reel_seq")
    .execute();
  const reels = new Map<string, ScannedReel>();
  for (const row of rows) {
    const reel = reels.get(row.uid) ?? { reelUid: row.uid, sutraUid: row.sutra_uid, text: "" };
    reel.text += plain(row.text);
    reels.set(row.uid, reel);
  }
  return [...reels.values()];
}

/** Places `term` starts in `text`, overlapping places included. */
export function countIn(text: string, term: string): number {
  let n = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) n++;
  return n;
}

/** Reel uid → places, for the reels holding every term (their places summed). */
export function expectedCounts(reels: ScannedReel[], terms: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const reel of reels) {
    const counts = terms.map((term) => countIn(reel.text, term));
    if (counts.every((n) => n > 0))
      out.set(
        reel.reelUid,
        counts.reduce((a, b) => a + b, 0),
      );
  }
  return out;
}

/** A reel's whole stored text in a text type, lines joined as snippets are cut, with their line ids. */
export async function wholeReelText(
  db: Kysely<Database>,
  reelUid: string,
  txtType: TxtType,
): Promise<ReelText> {
  const lines = await db
    .selectFrom("line")
    .select((eb) => [eb.ref(txtType).as("text"), "page_uid", "line_no"])
    .where("reel_uid", "=", reelUid)
    .orderBy("reel_seq")
    .execute();
  return {
    text: lines.map((l) => l.text).join(LINE_BREAK),
    cids: lines.map((l) => `${l.page_uid}.${l.line_no}`),
  };
}

/** The folding of the stored gaiji table, applied to whole strings. */
export async function storedFolding(db: Kysely<Database>) {
  const rows = await db.selectFrom("gaiji").select(["pua", "uni_char", "norm_char"]).execute();
  const folding = createSearchFolding(variantPairsOfGaiji(rows));
  return { rows, fold: (text: string) => Array.from(text, (ch) => folding.foldChar(ch)).join("") };
}

/** Hits per reel of an exact search through the API (at most 100 reels). */
export async function searchedCounts(
  app: App,
  tripitakaUid: string,
  keyword: string,
): Promise<Map<string, number>> {
  const reply = await app.inject({
    method: "POST",
    url: `/v1/tripitaka/${tripitakaUid}/search`,
    payload: { keyword, search_mode: "exact", page_size: 100 },
  });
  const result = (reply.json() as { result: SearchResult }).result;
  return new Map(result.list.map((item) => [item.reel_uid, item.keyword_count]));
}
