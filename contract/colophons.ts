/**
 * Colophons (spec sections 2, 3 and 7): `POST /v1/tripitaka/{tripitaka_uid}/pubnote/list` searches
 * the colophons read from a tripitaka's texts and answers a page of colophon rows. Every search
 * field is a contains-match (simplified input finds traditional text); empty fields are ignored.
 */
import { z } from "zod";
import {
  PUB_NOTE_FILTER_MAX,
  PUB_NOTE_PAGE_SIZE_DEFAULT,
  PUB_NOTE_PAGE_SIZES,
  PUB_NOTE_SEARCH_FIELDS,
  PUB_NOTE_SORTS,
  type PubNoteSearchField,
} from "./colophon-rules.ts";
import { paged } from "./envelope.ts";
import { PAGE_NO_MAX, pageSizeChoiceQuery } from "./list-queries.ts";
import { cleanText } from "./text-schemas.ts";

export * from "./colophon-rules.ts";

const searchText = z
  .string()
  .trim()
  .max(PUB_NOTE_FILTER_MAX, { message: `at most ${PUB_NOTE_FILTER_MAX} characters` })
  .superRefine(cleanText("single-line"))
  .nullish();

export const pubNoteListBody = z.object({
  ...(Object.fromEntries(PUB_NOTE_SEARCH_FIELDS.map((field) => [field, searchText])) as Record<
    PubNoteSearchField,
    typeof searchText
  >),
  page_no: z.coerce.number().int().min(1).max(PAGE_NO_MAX).default(1),
  page_size: pageSizeChoiceQuery(PUB_NOTE_PAGE_SIZES, PUB_NOTE_PAGE_SIZE_DEFAULT),
  sort_by: z.enum(PUB_NOTE_SORTS).nullish(),
});
export type PubNoteListRequest = z.input<typeof pubNoteListBody>;
export type PubNoteListQuery = z.output<typeof pubNoteListBody>;

export const pubNoteRowSchema = z.object({
  id: z.number().int(),
  pub_note: z.string(),
  /** The sutra's name and the reel's: 天一悅禪師語錄 第1卷. */
  reel_name: z.string(),
  reel_uid: z.string(),
  /** One page uid, or the first and the last joined by a dash. */
  page_uid: z.string(),
  /** The page image names (page uids), comma-separated, in order. */
  img_name: z.string(),
  pub_era: z.string().nullable(),
  pub_year: z.number().int().nullable(),
  pub_address: z.string().nullable(),
  thousand_char: z.string().nullable(),
  char_count: z.number().int().nullable(),
  fundraiser: z.string().nullable(),
  donor: z.string().nullable(),
  donate_wish: z.string().nullable(),
  /** As the colophon writes it: 銀四兩六錢七分八厘. */
  donate_amount: z.string().nullable(),
  writer: z.string().nullable(),
  editor: z.string().nullable(),
  engraver: z.string().nullable(),
  director: z.string().nullable(),
  remark: z.string().nullable(),
});
export type PubNoteRow = z.infer<typeof pubNoteRowSchema>;

export const pubNoteListResult = paged(pubNoteRowSchema);
export type PubNoteListResult = z.infer<typeof pubNoteListResult>;
