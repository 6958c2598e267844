/**
 * The column image of one character (spec section 7: GET /v1/tripitaka/{tripitaka_uid}/char/column/img
 * with page_uid and char_sn), which the reel reader shows when the pointer rests on a char. The
 * char is named by its page and its place on the page, `{line}.{char}` (the tail of a char id, see
 * ids.ts), numbered from 1 and counting only chars, not punctuation.
 */
import { z } from "zod";
import {
  CHAR_GROUP_PAGE_SIZE,
  CHAR_GROUP_SORTS,
  CHAR_LIST_PAGE_SIZE,
  CHAR_LIST_SORTS,
  CHAR_STATS_CATEGORIES,
} from "./char-image-rules.ts";
import { uidPatterns } from "./ids.ts";
import { PAGE_NO_MAX, pageSizeChoiceQuery } from "./list-queries.ts";
import { pageSizes } from "./sutra-list-options.ts";
import { cleanText } from "./text-schemas.ts";
import { txtTypes } from "./tripitaka.ts";

export * from "./char-image-rules.ts";

export const charColumnImgParams = z.object({
  tripitaka_uid: z.string().regex(uidPatterns.tripitaka, "expected a tripitaka uid such as JS"),
});

export const charColumnImgQuery = z.object({
  page_uid: z.string().max(64).regex(uidPatterns.page, "expected a page uid such as QL_24_17"),
  char_sn: z
    .string()
    .max(16)
    .regex(/^[1-9]\d*\.[1-9]\d*$/, "expected {line}.{char}, e.g. 3.12"),
});

const box = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

export const charColumnImgResult = z.object({
  column_uid: z.string(),
  /** The column image. */
  url: z.string(),
  /** The column image's size in pixels. */
  w: z.number().positive(),
  h: z.number().positive(),
  /** The char's box within the column image. */
  char_pos: box,
});

export type CharColumnImgQuery = z.infer<typeof charColumnImgQuery>;
export type CharColumnImg = z.infer<typeof charColumnImgResult>;

/**
 * The character image lists (spec section 7, researchers only): every char box of the imported
 * scans, `GET /v1/tripitaka/{tripitaka_uid}/char/list`, and the same boxes counted by character,
 * `GET .../char/group/list`, with the figures of the statistics menu, `GET .../char/stats`.
 *
 *   ot, ut, st, mt  one character: the box's original, Unicode, standard or simplified form is it
 *   sutra_uid       the sutra the box's page lies in, as the edition's catalogue places the page
 *                   (or, where there is no catalogue, the page's uid names it)
 *   page_uid        the box's page; char_sn its `{line}.{char}` on the page
 *   sort_by         the list: page order (page_uid, line, char), by original form, or by the
 *                   box's OCR confidence (cc, boxes without one last); the groups: by how many boxes
 *                   hold the character (count, ties by the character) or by the character (txt),
 *                   both by code point; a leading minus sorts descending
 *   txt_type        (groups and statistics) the form the boxes are counted by
 *   categories      (statistics) which figures to count, comma-joined or repeated: total (boxes),
 *                   chars (distinct characters), pages, sutras; all four when absent, never none
 */
const pageSizeOf = (fallback: number) => pageSizeChoiceQuery(pageSizes, fallback);

/** An empty value is no filter. */
const emptyIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

const oneChar = emptyIsNone(
  z
    .string()
    .trim()
    .refine((text) => Array.from(text).length === 1, "expected one character")
    .superRefine(cleanText("single-line")),
);

export const charFilterQuery = z.object({
  ot: oneChar,
  ut: oneChar,
  st: oneChar,
  mt: oneChar,
  sutra_uid: emptyIsNone(
    z.string().trim().max(64).regex(uidPatterns.sutra, "expected a sutra uid such as GL0079"),
  ),
  page_uid: emptyIsNone(
    z.string().trim().max(64).regex(uidPatterns.page, "expected a page uid such as GL_79_4_7"),
  ),
  char_sn: emptyIsNone(
    z
      .string()
      .trim()
      .max(16)
      .regex(/^[1-9]\d*\.[1-9]\d*$/, "expected {line}.{char}, e.g. 3.12"),
  ),
});
export type CharFilter = z.output<typeof charFilterQuery>;

export const charListQuery = charFilterQuery.extend({
  sort_by: z.enum(CHAR_LIST_SORTS).default("page_uid"),
  page_no: z.coerce.number().int().min(1).max(PAGE_NO_MAX).default(1),
  page_size: pageSizeOf(CHAR_LIST_PAGE_SIZE),
});
export type CharListQuery = z.output<typeof charListQuery>;

export const charGroupQuery = charFilterQuery.extend({
  sort_by: z.enum(CHAR_GROUP_SORTS).default("-count"),
  txt_type: z.enum(txtTypes).default("ori_txt"),
  page_no: z.coerce.number().int().min(1).max(PAGE_NO_MAX).default(1),
  page_size: pageSizeOf(CHAR_GROUP_PAGE_SIZE),
});
export type CharGroupQuery = z.output<typeof charGroupQuery>;

const categoriesSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((text) => text.split(","))
      .map((text) => text.trim())
      .filter((text) => text !== ""),
  )
  .pipe(
    z
      .array(z.enum(CHAR_STATS_CATEGORIES))
      .min(1, { message: `choose at least one of ${CHAR_STATS_CATEGORIES.join(", ")}` })
      .transform((chosen) => CHAR_STATS_CATEGORIES.filter((category) => chosen.includes(category))),
  )
  .default([...CHAR_STATS_CATEGORIES])
  .describe(
    `Comma-joined figures to count, at least one of ${CHAR_STATS_CATEGORIES.join(", ")}; all when absent`,
  );

export const charStatsQuery = charFilterQuery.extend({
  txt_type: z.enum(txtTypes).default("ori_txt"),
  categories: categoriesSchema,
});
export type CharStatsQuery = z.output<typeof charStatsQuery>;

/** Spec section 3, "Char image item". */
export const charImageItem = z.object({
  /** The char's id for the readers (`cid`): `{page_uid}.{line}.{char}`. */
  cid: z.string(),
  /** The box's id in the scan's box data, e.g. c7003n11 or b1c2c5. */
  ouid: z.string(),
  puid: z.string(),
  /** `{line}.{char}` on the page. */
  sn: z.string(),
  /** The sutra the page lies in (see sutra_uid above); null where nothing places the page. */
  suid: z.string().nullable(),
  /** That sutra's title, "simplified|traditional"; null when neither its text nor a catalogue names it. */
  sutra_name: z.string().nullable(),
  ot: z.string(),
  ut: z.string(),
  st: z.string(),
  mt: z.string(),
  is_deform: z.boolean(),
  /** The OCR confidence of the box, 0 to 1, where the scan's data gives one. */
  cc: z.number().nullable(),
  /** The char's image cut from the scan; null when the page has no scan. */
  img_url: z.string().nullable(),
});
export type CharImageItem = z.infer<typeof charImageItem>;

/** One character of the group view and how many boxes hold it; `txt` is "" for boxes with no text. */
export const charGroupItem = z.object({ txt: z.string(), count: z.number().int().positive() });
export type CharGroupItem = z.infer<typeof charGroupItem>;

/**
 * The statistics of a search: its boxes, distinct characters (in txt_type), pages and sutras,
 * each present when it was among the categories asked.
 */
export const charStatsResult = z.object({
  total: z.number().int().nonnegative().optional(),
  chars: z.number().int().nonnegative().optional(),
  pages: z.number().int().nonnegative().optional(),
  sutras: z.number().int().nonnegative().optional(),
});
export type CharStats = z.infer<typeof charStatsResult>;
