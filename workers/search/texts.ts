/**
 * A library row's text as search reads it: the searchable chars of its lines joined (what the
 * server indexes: each line through normalizeSearchText, contract/search-tokenizer.ts), the same
 * text folded for fuzzy search, and for snippets the raw lines joined by LINE_BREAK with their ids.
 */
import { parsePageUid } from "../../contract/ids.ts";
import type { ReelTextRow } from "../../contract/offline-library.ts";
import { LINE_BREAK, type ReelText } from "../../contract/search-snippets.ts";
import { normalizeSearchText, type SearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";

/** Forms the folded text is made from, best first (all four fold alike; sim_txt is what the server folds). */
export const FOLD_SOURCES: readonly TxtType[] = ["sim_txt", "std_txt", "uni_txt", "ori_txt"];

/**
 * The form searched in exact mode when a reel lacks the requested one, nearest first: the keyword
 * is then converted to that form (query.ts).
 */
export const FORM_FALLBACKS: Readonly<Record<TxtType, readonly TxtType[]>> = {
  sim_txt: ["sim_txt", "std_txt", "uni_txt", "ori_txt"],
  std_txt: ["std_txt", "uni_txt", "sim_txt", "ori_txt"],
  uni_txt: ["uni_txt", "ori_txt", "std_txt", "sim_txt"],
  ori_txt: ["ori_txt", "uni_txt", "std_txt", "sim_txt"],
};

const linesOf = (row: Pick<ReelTextRow, "reel">) => row.reel.pages.flatMap((page) => page.lines);

/** The reel's searchable text in the row's form. */
export function searchTextOf(row: Pick<ReelTextRow, "reel">): string {
  return linesOf(row)
    .map((line) => normalizeSearchText(line.text))
    .join("");
}

export function foldText(text: string, folding: SearchFolding): string {
  const out: string[] = [];
  for (const ch of text) out.push(folding.foldChar(ch));
  return out.join("");
}

/** Chars (code points) of a text. */
export function charCount(text: string): number {
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) surrogates++;
  }
  return text.length - surrogates;
}

export function snippetTextOf(row: Pick<ReelTextRow, "reel">): ReelText {
  const lines = linesOf(row);
  return { text: lines.map((line) => line.text).join(LINE_BREAK), cids: lines.map((line) => line.cid) };
}

export function lineCountOf(row: Pick<ReelTextRow, "reel">): number {
  return linesOf(row).length;
}

/** The volume of the reel's first page (`{code}_{volume}_{page}`), 0 when it has none. */
export function firstVolumeOf(row: Pick<ReelTextRow, "reel">): number {
  const first = row.reel.pages[0];
  return (first && parsePageUid(first.uid)?.numbers[0]) ?? 0;
}
