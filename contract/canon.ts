/**
 * Schemas of the reading API (spec sections 3 and 7): tripitakas, the sutra catalogue and its
 * lists, reels, pages and page images. The server validates requests and responses with them and
 * the web app reads its data through the same types.
 */
import { z } from "zod";
import { isBookUid, isPageUid, isReelUid, isSutraUid, isTripitakaUid } from "./ids.ts";
import { pageSizeChoice } from "./list-queries.ts";
import { PAGE_THUMBS_MAX } from "./page-rules.ts";
import { pageSizes, sutraSorts } from "./sutra-list-options.ts";
import { DEFAULT_TXT_TYPE, txtTypes } from "./tripitaka.ts";

const uid = (check: (value: string) => boolean, what: string) =>
  z
    .string()
    .max(64)
    .refine(check, { message: `not a ${what} uid` });

export const txtTypeSchema = z.enum(txtTypes);

export const tripitakaUidSchema = uid(isTripitakaUid, "tripitaka");
export const sutraUidSchema = uid(isSutraUid, "sutra");
export const reelUidSchema = uid(isReelUid, "reel");
export const pageUidSchema = uid(isPageUid, "page");
export const bookUidSchema = uid(isBookUid, "book");

export const tripitakaParams = z.object({ tripitaka_uid: tripitakaUidSchema });
export const sutraParams = z.object({ sutra_uid: sutraUidSchema });
export const reelParams = z.object({ reel_uid: reelUidSchema });
export const pageParams = z.object({ page_uid: pageUidSchema });

export const tripitakaSchema = z.object({
  uid: z.string(),
  /** traditional|simplified */
  name: z.string(),
  name_trad: z.string(),
  name_sim: z.string(),
  short_name: z.string(),
  store_mode: z.string(),
  img_ready: z.boolean(),
  img_suffix: z.string(),
  cbeta_collection: z.string().nullable(),
  is_listed: z.boolean(),
  sutra_count: z.number().int(),
});
export type Tripitaka = z.infer<typeof tripitakaSchema>;

/** A config list entry: id and label (traditional|simplified). */
export const namedItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof namedItemSchema>;
export const configItemSchema = namedItemSchema.extend({ sutra_count: z.number().int() });
export type ConfigItem = z.infer<typeof configItemSchema>;

export const sutraSchema = z.object({
  uid: z.string(),
  /** simplified|traditional */
  name: z.string(),
  authors: z.array(namedItemSchema),
  dynasties: z.array(namedItemSchema),
  categories: z.array(namedItemSchema),
  actual_reel_cnt: z.number().int(),
  char_cnt: z.number().int(),
  /** [reel uid, reel name]; the first reel is the sutra's entry. */
  reel_uids: z.array(z.tuple([z.string(), z.string()])),
  dynasty_author: z.string(),
  start_year: z.number().int().nullable(),
  end_year: z.number().int().nullable(),
  years: z.string(),
  last_updated_time: z.number().int(),
});
export type Sutra = z.infer<typeof sutraSchema>;

export const sutraAllQuery = z.object({
  last_updated_time: z.coerce.number().int().nonnegative().optional(),
});
export const sutraAllResult = z.object({ sutras: z.array(sutraSchema), last_updated_time: z.number().int() });
export type SutraAll = z.infer<typeof sutraAllResult>;

export const sutraListBody = z.object({
  keyword: z.string().trim().max(500).optional(),
  /** The catalogue drawer's advanced "sutra name" filter: the name in either script, nothing else. */
  sutra_name: z.string().trim().max(100).optional(),
  sutra_uids: z.array(z.string().max(64)).max(1000).optional(),
  category_ids: z.array(z.number().int()).max(200).optional(),
  dynasty_ids: z.array(z.number().int()).max(200).optional(),
  author_ids: z.array(z.number().int()).max(200).optional(),
  /** The signed-in reader's custom groups (spec section 2, catalogue drawer): sutras in any of them. */
  sutra_group_names: z.array(z.string().trim().min(1).max(20)).max(50).optional(),
  page_no: z.number().int().min(1).default(1),
  page_size: pageSizeChoice(pageSizes, 10),
  sort_by: z.enum(sutraSorts).default("sutra_uid"),
  /** For a signed-in reader: the sutras pinned in this tripitaka first (newest pin first), then sort_by. */
  pinned_first: z.boolean().optional(),
});
export type SutraListRequest = z.input<typeof sutraListBody>;

export const bookSchema = z.object({
  uid: z.string(),
  volume: z.number().int(),
  from: z.string(),
  to: z.string(),
  page_count: z.number().int(),
  excluded: z.array(z.string()),
});
export type Book = z.infer<typeof bookSchema>;

export type CatalogNode = {
  key: string;
  reel_uid: string;
  line_uid: string;
  type: string;
  std_txt: string;
  sim_txt: string;
  children: CatalogNode[];
};
export const catalogNodeSchema: z.ZodType<CatalogNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    reel_uid: z.string(),
    line_uid: z.string(),
    type: z.string(),
    std_txt: z.string(),
    sim_txt: z.string(),
    children: z.array(catalogNodeSchema),
  }),
);

export const sutraCatalogResult = z.object({
  sutra_uid: z.string(),
  reels: z.array(z.object({ uid: z.string(), name: z.string(), first_page_uid: z.string() })),
  tree: z.array(catalogNodeSchema),
});
export type SutraCatalog = z.infer<typeof sutraCatalogResult>;

/** The statement shown with every CBETA text. */
export const sourceSchema = z.object({ title: z.string(), availability: z.string(), file: z.string() });
export const CBETA_AVAILABILITY =
  "CBETA: available for non-commercial use when distributed with this header intact.";

export const reelQuery = z.object({
  txt_type: txtTypeSchema.default(DEFAULT_TXT_TYPE),
  is_init: z.enum(["true", "false", "1", "0"]).optional(),
});

export const reelLineSchema = z.object({
  /** The line (column) id: page uid + "." + line number. */
  cid: z.string(),
  text: z.string(),
  /** Char offsets in `text` where a paragraph starts. */
  para_offsets: z.array(z.number().int()),
});

export const reelPageSchema = z.object({
  uid: z.string(),
  ouid: z.string(),
  cids: z.array(z.string()),
  images: z.array(z.string()),
  lines: z.array(reelLineSchema),
});

export const reelResult = z.object({
  sutra_uid: z.string(),
  reel_uid: z.string(),
  reel_no: z.number().int(),
  name: z.string(),
  sutra_name: z.string(),
  dynasty_author: z.string(),
  txt_type: txtTypeSchema,
  pages: z.array(reelPageSchema),
  format: z.object({ chars: z.number().int(), columns: z.number().int() }),
  allText: z.string(),
  prev_reel_uid: z.string().nullable(),
  next_reel_uid: z.string().nullable(),
  source: sourceSchema,
});
export type Reel = z.infer<typeof reelResult>;

const boxSchema = { x: z.number(), y: z.number(), w: z.number(), h: z.number() };
export const pageResult = z.object({
  uid: z.string(),
  ouid: z.string(),
  book_uid: z.string(),
  columns: z.array(
    z.object({
      cid: z.string(),
      column_id: z.string().nullable(),
      text: z.object({ ori_txt: z.string(), uni_txt: z.string(), std_txt: z.string(), sim_txt: z.string() }),
      box: z.object(boxSchema).nullable(),
    }),
  ),
  chars: z.array(
    z.object({
      char_id: z.string(),
      cid: z.string(),
      box_char_id: z.string(),
      ...boxSchema,
      cc: z.number().nullable(),
      ori_txt: z.string(),
      uni_txt: z.string(),
      std_txt: z.string(),
      sim_txt: z.string(),
    }),
  ),
  blocks: z.array(z.object({ block_id: z.string(), ...boxSchema })),
  format: z.object({ chars: z.number().int(), columns: z.number().int() }),
  image: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  img_name: z.string().nullable(),
  img_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  sutra_uids: z.array(z.string()),
  reel_uids: z.array(z.string()),
  prev_page_uid: z.string().nullable(),
  next_page_uid: z.string().nullable(),
  allowed: z.boolean(),
});
export type Page = z.infer<typeof pageResult>;

export const pageQuery = z.object({ timezone: z.string().max(64).optional() });

export const imgNamesQuery = z.object({
  uids: z
    .string()
    .min(1)
    .max(2000)
    .transform((s) => s.split(",").filter((u) => u !== ""))
    .refine((list) => list.length > 0 && list.length <= 100 && list.every(isBookUid), {
      message: "uids must be 1 to 100 comma-separated book uids (e.g. QL_24)",
    })
    .describe("1 to 100 comma-separated book uids (e.g. QL_24)"),
});
/** Book uid → the uids of its pages that have a scan, in page order. */
export const imgNamesResult = z.record(z.string(), z.array(z.string()));
export type ImgNames = z.infer<typeof imgNamesResult>;

export const pageThumbsQuery = z.object({
  uids: z
    .string()
    .min(1)
    .max(4000)
    .transform((s) => s.split(",").filter((u) => u !== ""))
    .refine((list) => list.length > 0 && list.length <= PAGE_THUMBS_MAX && list.every(isPageUid), {
      message: `uids must be 1 to ${PAGE_THUMBS_MAX} comma-separated page uids (e.g. QL_24_17)`,
    })
    .describe(`1 to ${PAGE_THUMBS_MAX} comma-separated page uids (e.g. QL_24_17)`),
});
/**
 * Page uid → the address of its thumbnail (or, for a scan stored without one, null); pages
 * without a scan and unknown pages are left out. Thumbnails are not page-image views: they are
 * never counted against the view limit.
 */
export const pageThumbsResult = z.record(z.string(), z.string().nullable());
export type PageThumbs = z.infer<typeof pageThumbsResult>;

export const pageImageResult = z.object({
  page_uid: z.string(),
  img_name: z.string(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PageImage = z.infer<typeof pageImageResult>;
