/**
 * Sutras whose name or number contains every term of a keyword: the search tips under the keyword
 * box (8) and the matched-sutras strip above the results (4, then "watch more") (spec section 9).
 */
import type { Sutra } from "../../../contract/canon.ts";
import { sutraNamesMatcher } from "../../../contract/search-options.ts";

export const SEARCH_TIPS_SHOWN = 8;
export const MATCHED_SUTRAS_SHOWN = 4;

/** Sutra names hold both scripts ("simplified|traditional"), so either script's term matches. */
export function matchSutras(sutras: readonly Sutra[], keyword: string): Sutra[] {
  const matches = sutraNamesMatcher(keyword);
  return matches ? sutras.filter((sutra) => matches(`${sutra.name}|${sutra.uid}`)) : [];
}
