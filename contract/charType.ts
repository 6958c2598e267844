/**
 * Character types (spec sections 2, 3, 7 and 9): the rare and variant characters of a tripitaka's
 * imported text, one row per distinct character, with its four text forms, its flags and how often
 * it occurs. `GET /v1/tripitaka/{tripitaka_uid}/char_type/list`, researchers only.
 *
 *   is_manual  the text holds the character as a private-use code point (a CBETA gaiji Unicode lacks)
 *   is_deform  a variant form: a member of a fully synonymous group of CBETA's variant table that is
 *              not the group's most frequent member in the CBETA canon
 *   frequency  how many times the original text (ori_txt) of the tripitaka holds the character
 *   char_image_count  how many char images of the tripitaka's scans have the character as their
 *              original form: what the char image list finds with `ot` set to it
 *   img_url    where the character's glyph comes from: the dynamic-font subset drawing it
 *              (`/v1/tripitaka/{tripitaka_uid}/char/dynamic_font?font_name=NotoSerifSC&chars=…`), or
 *              null when none of the site's fonts has a glyph for it; `composition` then describes it
 */
import { z } from "zod";
import { tripitakaUidSchema } from "./canon.ts";
import {
  CHAR_TYPE_FILTER_MAX,
  CHAR_TYPE_PAGE_SIZE,
  CHAR_TYPE_SORTS,
  DEFAULT_CHAR_TYPE_SORT,
} from "./char-type-rules.ts";
import { PAGE_NO_MAX, pageSizeChoiceQuery } from "./list-queries.ts";
import { withSpecNames } from "./spec-names.ts";
import { pageSizes } from "./sutra-list-options.ts";
import { cleanText } from "./text-schemas.ts";

export * from "./char-type-rules.ts";

const textFilter = z
  .string()
  .trim()
  .refine((text) => Array.from(text).length <= CHAR_TYPE_FILTER_MAX, {
    message: `at most ${CHAR_TYPE_FILTER_MAX} characters`,
  })
  .superRefine(cleanText("storable"))
  .optional()
  .transform((text) => (text === "" ? undefined : text));

/** true/false, also 1/0; an empty value is no filter. */
const flagFilter = z
  .enum(["true", "false", "1", "0", ""], { message: "expected true or false" })
  .optional()
  .transform((value) =>
    value === undefined || value === "" ? undefined : value === "true" || value === "1",
  );

export const charTypeParams = z.object({ tripitaka_uid: tripitakaUidSchema });

/** The text filters match a row whose form is exactly the (trimmed) text. */
export const charTypeListQuery = withSpecNames(
  z.object({
    ori_txt: textFilter,
    uni_txt: textFilter,
    std_txt: textFilter,
    sim_txt: textFilter,
    is_manual: flagFilter,
    is_deform: flagFilter,
    sort_by: z.enum(CHAR_TYPE_SORTS).default(DEFAULT_CHAR_TYPE_SORT),
    page_no: z.coerce.number().int().min(1).max(PAGE_NO_MAX).default(1),
    page_size: pageSizeChoiceQuery(pageSizes, CHAR_TYPE_PAGE_SIZE),
  }),
  { isManual: "is_manual", isDeform: "is_deform" },
);
export type CharTypeListQuery = z.output<typeof charTypeListQuery>;

export const charTypeSchema = z.object({
  ori_txt: z.string(),
  uni_txt: z.string(),
  std_txt: z.string(),
  sim_txt: z.string(),
  is_manual: z.boolean(),
  is_deform: z.boolean(),
  frequency: z.number().int().nonnegative(),
  char_image_count: z.number().int().nonnegative(),
  img_url: z.string().nullable(),
  /** A site font draws the character (img_url is then its dynamic-font address). */
  has_glyph: z.boolean(),
  /** The CBETA gaiji code of the character (CB…, SD-…, RJ-…), if it is one. */
  gaiji_code: z.string().nullable(),
  /** The gaiji's composition (組字式, e.g. `[木*(文/韭)]`), or a Siddham/Ranjana character's romanisation. */
  composition: z.string().nullable(),
});
export type CharType = z.infer<typeof charTypeSchema>;
