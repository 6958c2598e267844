/**
 * Schemas of the pack routes: `GET /v1/packs` lists the packs the server holds (built by
 * `npm run pack:build` or at import), and `GET`/`HEAD /v1/packs/{name}` serves one as a static file
 * with HTTP Range (layout in contract/pack.ts). The web app imports only the types of this module.
 */
import { z } from "zod";
import { tripitakaUidSchema, txtTypeSchema } from "./canon.ts";
import { downloadScopeSchema } from "./offline.ts";
import { PACK_EXTENSION } from "./pack.ts";

/** A pack's file name: letters, digits, `.`, `_` and `-`, ending in the pack extension. */
export const PACK_NAME_RE = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\\${PACK_EXTENSION}$`);

export const packNameParams = z.object({
  name: z.string().regex(PACK_NAME_RE, `expected a pack file name ending in ${PACK_EXTENSION}`),
});

export const packListQuery = z.object({ tripitaka_uid: tripitakaUidSchema.optional() });
export type PackListQuery = z.infer<typeof packListQuery>;

export const packSummarySchema = z.object({
  name: z.string(),
  /** Where the pack is served, e.g. "/v1/packs/JS-tripitaka-std-pages-0a1b2c3d-lx2k9.canonpack". */
  url: z.string(),
  tripitaka_uid: z.string(),
  scope: downloadScopeSchema,
  /** simplified|traditional, as a plan's label. */
  label: z.string(),
  txt_types: z.array(txtTypeSchema),
  with_pages: z.boolean(),
  with_images: z.boolean(),
  sutra_count: z.number().int().nonnegative(),
  canon_version: z.string(),
  bytes: z.number().int().nonnegative(),
  /** The sha256 of the manifest read from the pack's end; also the file's ETag. */
  manifest_sha256: z.string(),
  created_at: z.number().int(),
});
export type PackSummary = z.infer<typeof packSummarySchema>;

/** Newest first. */
export const packListResult = z.array(packSummarySchema);
