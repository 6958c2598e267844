/**
 * How a search keyword becomes the terms that are matched (spec section 4, "Search"; no zod, no
 * Node-only imports: the offline search worker reads keywords the same way).
 *   - exact mode: the whole keyword is one phrase, whitespace removed, matched as a substring of
 *     the searchable text of the requested text type, after the conversion of `trans_mode`
 *     (`uni2default`: std_txt → uni2std, sim_txt → uni2sim, others none); a keyword starting with
 *     "=" is matched as typed;
 *   - fuzzy mode: the whitespace-separated terms are each matched in folded text (variants and
 *     scripts folded, see search-tokenizer.ts), and a reel must hold every term; the foldings
 *     switched off (`foldings_off`, contract/search-foldings.ts) are left out of the folding.
 * A reel's keyword count is the number of places a term starts in it (overlapping places count).
 */
import * as OpenCC from "opencc-js";
import {
  FOLDINGS,
  type Folding,
  foldingsOn,
  type SearchMode,
  searchTerms,
  type TransMode,
  VERBATIM_PREFIX,
} from "./search-options.ts";
import { findHits, type SearchFolding, searchChars } from "./search-tokenizer.ts";
import type { TxtType } from "./tripitaka.ts";

export type KeywordTerm = {
  /** The term as it is shown and compared for highlighting: converted unless verbatim. */
  chars: string[];
  /** In fuzzy mode, the chars folded with every folding (what folded indexes hold); null in exact mode. */
  folded: string[] | null;
};

export type KeywordPlan = {
  mode: SearchMode;
  txtType: TxtType;
  terms: KeywordTerm[];
  /** The foldings in use: in fuzzy mode all but those switched off, in exact mode none. */
  foldings: Folding[];
};

export type KeywordQuery = {
  keyword: string;
  search_mode: SearchMode;
  txt_type: TxtType;
  trans_mode: TransMode;
  foldings_off?: readonly Folding[] | undefined;
};

type Conversion = "uni2std" | "uni2sim" | "none";

export function conversionOf(transMode: TransMode, txtType: TxtType): Conversion {
  if (transMode !== "uni2default") return transMode;
  if (txtType === "std_txt") return "uni2std";
  if (txtType === "sim_txt") return "uni2sim";
  return "none";
}

export type KeywordReader = (query: KeywordQuery) => KeywordPlan;

/** Reads keywords with the given folding; OpenCC's converters are built on first use. */
export function createKeywordReader(folding: SearchFolding): KeywordReader {
  let converters: {
    twToStd(s: string): string;
    simToStd(s: string): string;
    stdToSim(s: string): string;
  } | null = null;
  const convert = (text: string, conversion: Conversion): string => {
    if (conversion === "none") return text;
    converters ??= {
      twToStd: OpenCC.Converter({ from: "tw", to: "t" }),
      simToStd: OpenCC.Converter({ from: "cn", to: "t" }),
      stdToSim: OpenCC.Converter({ from: "t", to: "cn" }),
    };
    const { twToStd, simToStd, stdToSim } = converters;
    return conversion === "uni2std" ? twToStd(simToStd(text)) : stdToSim(twToStd(text));
  };
  const termOf = (text: string, conversion: Conversion, fuzzy: boolean): KeywordTerm | null => {
    const verbatim = text.startsWith(VERBATIM_PREFIX);
    const typed = verbatim ? text.slice(VERBATIM_PREFIX.length) : text;
    const { chars } = searchChars(verbatim ? typed : convert(typed, conversion));
    if (chars.length === 0) return null;
    return { chars, folded: fuzzy ? folding.fold(chars) : null };
  };
  return (query) => {
    const conversion = conversionOf(query.trans_mode, query.txt_type);
    const words = searchTerms(query.keyword);
    const terms =
      query.search_mode === "exact"
        ? [termOf(words.join(""), conversion, false)]
        : words.map((word) => termOf(word, conversion, true));
    return {
      mode: query.search_mode,
      txtType: query.txt_type,
      terms: terms.filter((t): t is KeywordTerm => t !== null),
      foldings: query.search_mode === "fuzzy" ? foldingsOn(query.foldings_off) : [],
    };
  };
}

/** True when the plan folds with fewer than every folding. */
export const foldsPartly = (plan: KeywordPlan): boolean =>
  plan.mode === "fuzzy" && plan.foldings.length < FOLDINGS.length;

/**
 * Where each term of the plan starts in a text's searchable chars (`folded`: the same chars
 * folded, needed in fuzzy mode): the plain-scan definition every index must agree with, for a
 * plan folding with every folding.
 */
export function termHits(
  plan: KeywordPlan,
  chars: readonly string[],
  folded: readonly string[] | null,
): number[][] {
  return plan.terms.map((term) =>
    term.folded ? findHits(folded ?? [], term.folded) : findHits(chars, term.chars),
  );
}
