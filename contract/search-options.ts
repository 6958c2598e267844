/**
 * The plain choices of full-canon search (spec sections 3, 5, 9): modes, sorts, text conversion and
 * limits. No zod here: the web app and the search worker import these.
 */
import type { TxtType } from "./tripitaka.ts";

export const SEARCH_MODES = ["fuzzy", "exact"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
export const DEFAULT_SEARCH_MODE: SearchMode = "fuzzy";

/** Relevance is `-hit` (most hits first); the others toggle between ascending and descending. */
export const SEARCH_SORTS = [
  "hit",
  "-hit",
  "start_year",
  "-start_year",
  "end_year",
  "-end_year",
  "sutra_uid",
  "-sutra_uid",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = "-hit";

/** How the keyword is converted before matching; `uni2default` follows the text type. */
export const TRANS_MODES = ["uni2std", "uni2sim", "none", "uni2default"] as const;
export type TransMode = (typeof TRANS_MODES)[number];

/** The text type results are shown in when neither the address nor the reader chose one. */
export const defaultTextType = (locale: string): TxtType => (locale === "zh-CN" ? "sim_txt" : "std_txt");

/** The keyword's conversion that follows a text type, when the reader chose none. */
export function conversionFor(textType: TxtType): TransMode {
  if (textType === "std_txt") return "uni2std";
  if (textType === "sim_txt") return "uni2sim";
  return "none";
}

/** Highlight kinds in a snippet: a whole term found as written, a char matched by folding, the full keyword. */
export const HIGHLIGHT_KINDS = ["segment", "char", "full"] as const;
export type HighlightKind = (typeof HIGHLIGHT_KINDS)[number];

export const SEARCH_KEYWORD_MAX = 500;
export const SEARCH_PAGE_SIZE_DEFAULT = 20;
export const SEARCH_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Results past this many reels are not paged through; the count shown stops here (spec section 8). */
export const SEARCH_RESULT_LIMIT = 1000;
/** Characters of context on each side of a hit in a snippet. */
export const SNIPPET_CONTEXT = 30;
/**
 * Reels of a result page shown first: more than a tall screen shows. The server draws as many in
 * a search's page, and the app's list draws them in its first commit, the rest after.
 */
export const SEARCH_FIRST_CARDS = 5;
/** Snippets returned per reel in a result item. */
export const SNIPPETS_PER_REEL = 3;
/** A keyword starting with "=" is matched as typed: no simplified/traditional conversion. */
export const VERBATIM_PREFIX = "=";

/** The keyword's terms: split on any whitespace, empty ones dropped. */
export function searchTerms(keyword: string): string[] {
  return keyword
    .trim()
    .split(/\s+/u)
    .filter((term) => term !== "");
}

/** The keyword's terms as matched in text: whitespace-split, without the verbatim "=" prefix. */
export function keywordTerms(keyword: string): string[] {
  const value = keyword.trim();
  const plain = value.startsWith(VERBATIM_PREFIX) ? value.slice(VERBATIM_PREFIX.length) : value;
  return searchTerms(plain);
}

/**
 * Whether a sutra's names and number (`names`, any scripts joined) hold every term of the keyword,
 * case aside: the search tips and the matched-sutras strip above the results list such sutras.
 * Null when the keyword has no term.
 */
export function sutraNamesMatcher(keyword: string): ((names: string) => boolean) | null {
  const terms = keywordTerms(keyword).map((term) => term.toLowerCase());
  if (terms.length === 0) return null;
  return (names) => {
    const lower = names.toLowerCase();
    return terms.every((term) => lower.includes(term));
  };
}

/**
 * The foldings of fuzzy search a request may switch off (contract/search-foldings.ts), in the
 * order chips show them.
 */
export const FOLDINGS = ["variant", "trad_sim", "gaiji"] as const;
export type Folding = (typeof FOLDINGS)[number];

export const isFolding = (value: unknown): value is Folding => FOLDINGS.some((f) => f === value);

/** Each folding once, in FOLDINGS order. */
export function sortedFoldings(list: Iterable<Folding>): Folding[] {
  const set = new Set(list);
  return FOLDINGS.filter((folding) => set.has(folding));
}

/** The foldings in use when `off` are switched off. */
export const foldingsOn = (off: readonly Folding[] | undefined): Folding[] =>
  FOLDINGS.filter((folding) => !off?.includes(folding));

/**
 * The search page's request for an address that holds only a keyword, from a reader whose search
 * settings are untouched (src/features/search/searchRequest.ts builds every other one).
 */
export function keywordOnlyRequest(keyword: string, locale: string) {
  const txtType = defaultTextType(locale);
  return {
    keyword,
    search_mode: DEFAULT_SEARCH_MODE,
    txt_type: txtType,
    trans_mode: conversionFor(txtType),
    page_no: 1,
    page_size: SEARCH_PAGE_SIZE_DEFAULT,
    sort_by: DEFAULT_SEARCH_SORT,
  };
}
