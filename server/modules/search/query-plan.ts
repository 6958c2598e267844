/**
 * Turns a keyword term into phrase lookups on one indexed text form. Exact std_txt, sim_txt and
 * ori_txt terms are one phrase in their own column. The other readings are several phrases, each
 * an exact string, whose places add up:
 *   - uni_txt (exact): the `ori` column, where each char may also be a private-use char whose
 *     Unicode form it is (uni_txt is ori_txt with those replaced, char for char);
 *   - fuzzy: the `sim` column, where each char may be any member of its folding class;
 *   - fuzzy with foldings switched off: the column of the requested text form (as exact mode
 *     reads it), where each char may be any member of its class under the foldings in use: the
 *     hit must read so in the text shown, and the `sim` column has converted it already.
 * Candidates are grown char by char and kept only while each bigram occurs in the column at all.
 */
import { foldsPartly, type KeywordPlan, type KeywordTerm } from "../../../contract/search-keyword.ts";
import type { SearchFolding } from "../../../contract/search-tokenizer.ts";
import { isPrivateUse } from "../../../contract/text-forms.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { ApiError } from "../../errors.ts";
import type { IndexColumn } from "./index-writer.ts";
import type { SearchIndex } from "./search-index.ts";

/** More readings than this are refused rather than searched one by one. */
export const MAX_READINGS = 256;

export type Readings = {
  folding: SearchFolding;
  /** Private-use chars whose Unicode form is `ch`. */
  privateUseOf(ch: string): readonly string[];
};

export type TermLookup = { column: IndexColumn; phrases: string[][] };

const EXACT_COLUMN: Record<TxtType, IndexColumn> = {
  ori_txt: "ori",
  uni_txt: "ori",
  std_txt: "std",
  sim_txt: "sim",
};

/** A private-use char with a Unicode form is replaced by it in every form but ori_txt. */
const inSimplifiedText = (member: string, typed: string): boolean =>
  member === typed || !isPrivateUse(member.codePointAt(0) as number);

/** uni_txt as read through the `ori` column: each char, or a private-use char shown as it. */
function inUnicodeText(chars: readonly string[], typed: string, readings: Readings): string[] {
  const shown = chars.filter((ch) => ch === typed || !isPrivateUse(ch.codePointAt(0) as number));
  return [...new Set([...shown, ...shown.flatMap((ch) => readings.privateUseOf(ch))])];
}

function choicesOf(term: KeywordTerm, plan: KeywordPlan, readings: Readings): string[][] {
  if (foldsPartly(plan)) {
    const used = readings.folding.only(plan.foldings);
    return term.chars.map((typed) =>
      plan.txtType === "uni_txt"
        ? inUnicodeText(used.members(typed), typed, readings)
        : [...used.members(typed)],
    );
  }
  if (plan.mode === "fuzzy") {
    return term.chars.map((typed) =>
      readings.folding.members(typed).filter((member) => inSimplifiedText(member, typed)),
    );
  }
  if (plan.txtType === "uni_txt") return term.chars.map((ch) => inUnicodeText([ch], ch, readings));
  return term.chars.map((ch) => [ch]);
}

/** The indexed text form a search reads. */
export const columnOf = (plan: KeywordPlan): IndexColumn =>
  plan.mode === "fuzzy" && !foldsPartly(plan) ? "sim" : EXACT_COLUMN[plan.txtType];

export async function lookupOf(
  index: SearchIndex,
  term: KeywordTerm,
  plan: KeywordPlan,
  readings: Readings,
): Promise<TermLookup> {
  const column = columnOf(plan);
  const choices = choicesOf(term, plan, readings);
  const first = choices[0] ?? [];
  let paths: string[][];
  if (choices.length === 1 && first.length > 1) {
    const found = await index.existing(column, first);
    paths = first.filter((ch) => found.has(ch)).map((ch) => [ch]);
  } else paths = first.map((ch) => [ch]);

  for (let i = 1; i < choices.length && paths.length > 0; i++) {
    const next = choices[i] as string[];
    const ends = [...new Set(paths.map((p) => p[i - 1] as string))];
    let allowed: (gram: string) => boolean = () => true;
    if (ends.length > 1 || next.length > 1) {
      const grams = ends.flatMap((a) => next.map((b) => a + b));
      const found = await index.existing(column, grams);
      allowed = (gram) => found.has(gram);
    }
    paths = paths.flatMap((p) =>
      next.filter((ch) => allowed((p[i - 1] as string) + ch)).map((ch) => [...p, ch]),
    );
    if (paths.length > MAX_READINGS) {
      throw new ApiError(422, "the keyword has too many variant readings: search it in exact mode");
    }
  }
  return { column, phrases: paths };
}
