/**
 * Schemas of the offline download calls: the plan of a download (what it covers and how many
 * bytes it will take on the device, before anything is fetched) and the batch reads the download
 * manager fetches reels and pages with. The web app imports only the types of this module.
 */

import { z } from "zod";
import { apparatusResult } from "./apparatus.ts";
import {
  pageResult,
  pageUidSchema,
  reelResult,
  reelUidSchema,
  sutraUidSchema,
  txtTypeSchema,
} from "./canon.ts";
import type { DownloadScope } from "./offline-library.ts";

/** Text forms of a download: one to four, each once. */
const txtTypeList = z
  .array(txtTypeSchema)
  .min(1)
  .max(4)
  .refine((list) => new Set(list).size === list.length, { message: "txt_types repeat a text form" });

export const downloadScopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sutra"), sutra_uid: sutraUidSchema }),
  z.object({ kind: z.literal("group"), group_name: z.string().trim().min(1).max(20) }),
  /** A category id of the tripitaka's catalogue (GET /tripitaka/{uid}/categories). */
  z.object({ kind: z.literal("category"), category: z.string().regex(/^[1-9]\d{0,8}$/) }),
  z.object({ kind: z.literal("tripitaka") }),
]) satisfies z.ZodType<DownloadScope>;

export const offlinePlanBody = z.object({
  scope: downloadScopeSchema,
  txt_types: txtTypeList,
  /** The page reader's data of the pages (all four text forms and the layout); implied by images. */
  with_pages: z.boolean().default(true),
  with_images: z.boolean().default(false),
});
export type OfflinePlanRequest = z.input<typeof offlinePlanBody>;

const count = z.number().int().nonnegative();

export const planSutraSchema = z.object({
  uid: z.string(),
  /** simplified|traditional */
  name: z.string(),
  reel_uids: z.array(z.string()),
});

export const planReelSchema = z.object({
  uid: z.string(),
  sutra_uid: z.string(),
  /** Per chosen text form: chars of text and bytes stored (UTF-8 of the reel's JSON without allText). */
  texts: z.array(z.object({ txt_type: txtTypeSchema, chars: count, bytes: count })),
});

export const planPageSchema = z.object({
  uid: z.string(),
  book_uid: z.string(),
  /** UTF-8 bytes of the page's JSON as GET /v1/page answers it. */
  bytes: count,
});

export const planFileSchema = z.object({
  /** The path the file is served under ("/storage/..."), as in `Page.img_url` / `thumb_url`. */
  path: z.string(),
  page_uid: z.string(),
  kind: z.enum(["scan", "thumb"]),
  bytes: count,
  content_type: z.string(),
});

/**
 * A pack the server holds that covers a plan exactly (same sutras and text forms, at least the
 * pages and images asked for): the download manager installs it by Range requests instead of
 * fetching item by item. `manifest_sha256` checks the manifest read from the pack's end.
 */
export const planPackSchema = z.object({
  /** Where the pack is served (with HTTP Range), e.g. "/v1/packs/JS-tripitaka.canonpack". */
  url: z.string(),
  bytes: count,
  manifest_sha256: z.string(),
  canon_version: z.string(),
});

export const offlinePlanResult = z.object({
  tripitaka_uid: z.string(),
  /** The tripitaka's canon version now (contract/pack.ts `canonVersionOf`). */
  canon_version: z.string(),
  /** A pack that covers this plan, or null: then items are fetched one batch at a time. */
  pack: planPackSchema.nullable(),
  scope: downloadScopeSchema,
  /** What the download is called: simplified|traditional (a sutra, group, category or tripitaka name). */
  label: z.string(),
  txt_types: z.array(txtTypeSchema),
  with_pages: z.boolean(),
  with_images: z.boolean(),
  /**
   * Images were asked for, but this site limits page-image views, so a download carries no page
   * scans or thumbnails (`with_images` false, `files` empty).
   */
  scans_withheld: z.boolean(),
  sutras: z.array(planSutraSchema),
  reels: z.array(planReelSchema),
  /** Empty unless `with_pages` (or `with_images`). */
  pages: z.array(planPageSchema),
  /** Scans and thumbnails of the pages; empty unless `with_images`. */
  files: z.array(planFileSchema),
  totals: z.object({
    sutras: count,
    reels: count,
    pages: count,
    files: count,
    /** Chars of text over the chosen forms (a reel in two forms counts twice). */
    chars: count,
    text_bytes: count,
    page_bytes: count,
    image_bytes: count,
    /** Texts, pages and images; catalogue rows and font subsets come on top and are small. */
    total_bytes: count,
  }),
});
export type OfflinePlan = z.infer<typeof offlinePlanResult>;
export type PlanReel = z.infer<typeof planReelSchema>;
export type PlanPage = z.infer<typeof planPageSchema>;
export type PlanFile = z.infer<typeof planFileSchema>;
export type PlanPack = z.infer<typeof planPackSchema>;

/** At most this many reels or pages per batch read. */
export const OFFLINE_BATCH_MAX = 50;

export const offlineReelsBody = z.object({
  reel_uids: z
    .array(reelUidSchema)
    .min(1)
    .max(OFFLINE_BATCH_MAX)
    .refine((list) => new Set(list).size === list.length, { message: "reel_uids repeat a reel" }),
  txt_types: txtTypeList,
});
export type OfflineReelsRequest = z.input<typeof offlineReelsBody>;

/** Reels as the library stores them: without `allText`, in the order asked (reel by reel, form by form). */
export const offlineReelsResult = z.array(reelResult.omit({ allText: true }));

/** The same reels' collation apparatus, in the same order (`POST /v1/offline/apparatus`). */
export const offlineApparatusResult = z.array(apparatusResult);

export const offlinePagesBody = z.object({
  page_uids: z
    .array(pageUidSchema)
    .min(1)
    .max(OFFLINE_BATCH_MAX)
    .refine((list) => new Set(list).size === list.length, { message: "page_uids repeat a page" }),
});
export type OfflinePagesRequest = z.input<typeof offlinePagesBody>;

export const offlinePagesResult = z.array(pageResult);
