/**
 * Full-canon search (spec sections 3 and 7): `POST /v1/tripitaka/{tripitaka_uid}/search` answers a
 * page of reels with snippets plus the hit statistics; `POST .../match_count` answers the statistics
 * alone for the same body (no paging). The plain choices live in search-options.ts.
 */
import { z } from "zod";
import { pageSizeChoice } from "./list-queries.ts";
import { GROUP_NAME_MAX } from "./personal-rules.ts";
import {
  DEFAULT_SEARCH_MODE,
  DEFAULT_SEARCH_SORT,
  FOLDINGS,
  HIGHLIGHT_KINDS,
  SEARCH_KEYWORD_MAX,
  SEARCH_MODES,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZES,
  SEARCH_SORTS,
  searchTerms,
  TRANS_MODES,
} from "./search-options.ts";
import { withSpecNames } from "./spec-names.ts";
import { cleanText } from "./text-schemas.ts";
import { txtTypes } from "./tripitaka.ts";

const idList = z.array(z.number().int()).max(200);

export const searchBody = withSpecNames(
  z.object({
    keyword: z
      .string()
      .trim()
      .min(1, { message: "the keyword is required" })
      .max(SEARCH_KEYWORD_MAX, { message: `at most ${SEARCH_KEYWORD_MAX} characters` })
      .superRefine(cleanText("storable"))
      .refine((keyword) => searchTerms(keyword).length > 0, { message: "the keyword is required" }),
    search_mode: z.enum(SEARCH_MODES).default(DEFAULT_SEARCH_MODE),
    txt_type: z.enum(txtTypes).default("std_txt"),
    trans_mode: z.enum(TRANS_MODES).default("uni2default"),
    /** Category ids of the tripitaka's catalogue. */
    categories: idList.optional(),
    sutra_uids: z.array(z.string().max(64)).max(1000).optional(),
    /** The signed-in reader's custom group names: sutras in any of them. */
    sutra_group_names: z
      .array(z.string().trim().min(1).max(GROUP_NAME_MAX).superRefine(cleanText("single-line")))
      .max(50)
      .optional(),
    /** Author names as the catalogue writes them. */
    authors: z.array(z.string().max(100)).max(200).optional(),
    /** Dynasty ids. */
    dynasties: idList.optional(),
    page_no: z.number().int().min(1).default(1),
    page_size: pageSizeChoice(SEARCH_PAGE_SIZES, SEARCH_PAGE_SIZE_DEFAULT),
    sort_by: z.enum(SEARCH_SORTS).default(DEFAULT_SEARCH_SORT),
    /** Foldings of fuzzy search switched off (contract/search-foldings.ts); ignored in exact mode. */
    foldings_off: z.array(z.enum(FOLDINGS)).max(FOLDINGS.length).optional(),
    /**
     * Also look in the other editions' readings (search-readings.ts): the answer then has a
     * `readings` section. `match_count` ignores it.
     */
    in_readings: z.boolean().default(false),
  }),
  { sortCond: "sort_by" },
);
export type SearchRequest = z.input<typeof searchBody>;
export type SearchQuery = z.output<typeof searchBody>;

export const highlightSchema = z.object({
  /** Offsets in `text`, in UTF-16 code units, end exclusive. */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  kind: z.enum(HIGHLIGHT_KINDS),
});
export type Highlight = z.infer<typeof highlightSchema>;

export const snippetSchema = z.object({
  /** The line (`{page_uid}.{line}`) where the first hit of the snippet lies: the reader opens at it. */
  cid: z.string(),
  /** The text around the hits, in the requested text type. */
  text: z.string(),
  highlights: z.array(highlightSchema),
  /** Fuzzy mode only: the foldings the snippet's hits needed (none when they read as the keyword). */
  foldings: z.array(z.enum(FOLDINGS)).optional(),
});
export type Snippet = z.infer<typeof snippetSchema>;

export const searchItemSchema = z.object({
  reel_uid: z.string(),
  sutra_uid: z.string(),
  reel_name: z.string(),
  /** Occurrences of the keyword (all its terms) in this reel. */
  keyword_count: z.number().int().nonnegative(),
  txts: z.array(snippetSchema),
  // Enriched from the catalogue: the sutra name as simplified|traditional, category names as
  // traditional|simplified (the catalogue's forms).
  sutra_name: z.string(),
  dynasty_author: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  start_year: z.number().int().nullable(),
  end_year: z.number().int().nullable(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

const statOption = z.object({
  /** A numeric id for categories and dynasties; the name itself for groups and authors. */
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  reel_num: z.number().int().nonnegative(),
  hit_num: z.number().int().nonnegative(),
});
export type StatOption = z.infer<typeof statOption>;

/**
 * Totals count the reels passing every filter of the request. Each filter's options count the reels
 * passing all the other filters, so further options of that filter stay choosable; a chosen option
 * is listed even with no hits. Options are ordered by hits (groups in the reader's order).
 */
export const hitStatsSchema = z.object({
  reels_count: z.number().int().nonnegative(),
  keyword_count: z.number().int().nonnegative(),
  filter_stats: z.object({
    sutra_group_names: z.array(statOption),
    categories: z.array(statOption),
    dynasties: z.array(statOption),
    authors: z.array(statOption),
  }),
});
export type HitStats = z.infer<typeof hitStatsSchema>;

/** A fragment of a witness's text holding the keyword where the base text reads otherwise. */
export const readingHitSchema = z.object({
  reel_uid: z.string(),
  sutra_uid: z.string(),
  /** As the main list names them. */
  reel_name: z.string(),
  sutra_name: z.string(),
  /** The line where the fragment's first reading starts: the reader opens at it. */
  cid: z.string(),
  /** Sigla of the witnesses reading the fragment so (apparatus-witnesses.ts WITNESS_NAMES). */
  witnesses: z.array(z.string()),
  /** The witness's text around its readings, in the requested text type; the hits highlighted. */
  text: z.string(),
  highlights: z.array(highlightSchema),
});
export type ReadingHit = z.infer<typeof readingHitSchema>;

/** Search in the readings' answer (rules in search-readings.ts). */
export const readingsResultSchema = z.object({
  list: z.array(readingHitSchema),
  /** Fragments found; `list` holds the first READINGS_LIMIT of them. */
  total: z.number().int().nonnegative(),
  limited: z.boolean(),
});
export type ReadingsResult = z.infer<typeof readingsResultSchema>;

export const searchResult = z.object({
  list: z.array(searchItemSchema),
  page_no: z.number().int(),
  page_size: z.number().int(),
  /** Reels that matched, capped at SEARCH_RESULT_LIMIT for paging. */
  total: z.number().int().nonnegative(),
  /** True when more reels matched than `total` shows. */
  limited: z.boolean(),
  keyword: z.string(),
  stats: hitStatsSchema,
  /** Only when the request asked `in_readings`. */
  readings: readingsResultSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const matchCountResult = hitStatsSchema;
export type MatchCount = z.infer<typeof matchCountResult>;
