/**
 * The search index as a pack carries it: the worker's own saved rows (docs, texts, and each segment's
 * posting rows, segments.ts) for the pack's reels, with pack-local doc and segment ids from 1, and the
 * variant pairs whose folding made it. Built the same way by the server's pack builder and by a
 * device's export; a device that installs the pack merges it into its index (ids moved past its
 * own) instead of indexing the reels again.
 *
 * In a pack the docs' `forms` hold 0 for each indexed form: the installer sets the `stored_at` of
 * the library rows it wrote, which is what the worker's sync compares.
 */
import type { UnpackedReelText } from "../../contract/offline-library.ts";
import { createSearchFolding } from "../../contract/search-tokenizer.ts";
import type { PackIndex, VariantData } from "./api.ts";
import type { DocText, IndexedDoc, SavedSegment } from "./databases.ts";
import { createFoldClasses } from "./fold-classes.ts";
import { formCharsOf, prepareReel } from "./reel-doc.ts";
import {
  addToSegment,
  createSegment,
  exportSegment,
  INDEX_FORMAT,
  SEGMENT_CHARS,
  type Segment,
  segmentBuilder,
} from "./segments.ts";

export type { PackIndex } from "./api.ts";

/** Builds the index of `reels` (each the library rows of one reel, one per text form). */
export function buildPackIndex(
  reels: Iterable<readonly UnpackedReelText[]>,
  variants: VariantData,
): PackIndex {
  const folding = createSearchFolding(variants.pairs);
  const classes = createFoldClasses(folding);
  const docs: IndexedDoc[] = [];
  const texts: DocText[] = [];
  const segments: SavedSegment[] = [];
  const builder = segmentBuilder();
  let open: Segment | null = null;
  let nextDoc = 1;
  let nextSegment = 1;
  for (const rows of reels) {
    const first = rows[0];
    if (!first) continue;
    open ??= createSegment(nextSegment++, builder);
    const prepared = prepareReel(first.reel_uid, rows, folding, { doc: nextDoc++, segment: open.id });
    prepared.doc.forms = Object.fromEntries(rows.map((row) => [row.txt_type, 0]));
    const forms = formCharsOf(prepared.doc, prepared.texts, classes);
    addToSegment(open, prepared.doc.id, prepared.folded, prepared.doc.chars, forms);
    docs.push(prepared.doc);
    texts.push(...prepared.texts);
    if (open.chars >= SEGMENT_CHARS) {
      segments.push(exportSegment(open));
      open = null;
    }
  }
  if (open) segments.push(exportSegment(open));
  return { format: INDEX_FORMAT, variants, docs, texts, segments };
}
