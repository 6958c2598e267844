/**
 * The search index a pack carries (workers/search/pack-index.ts), read from its `index` parts and
 * made to fit this library before the search worker merges it: only the reels whose texts the
 * library now holds in exactly the indexed forms, each form marked with the `stored_at` of its
 * library row (what the worker's sync compares, so it finds nothing to index again).
 *
 * The parts hold the PackIndex's own fields: `variants` the variant data, `docs` and `texts` lists
 * of its docs and texts (as a list or as `{ rows }`), `segment` one saved segment each.
 */

import { PackError, type PackManifest, type PackPart, verifyPart } from "../../../contract/pack.ts";
import { partJson } from "../../../contract/pack-codec.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { VariantData } from "../../../workers/search/api.ts";
import type { DocText, IndexedDoc, SavedSegment } from "../../../workers/search/databases.ts";
import type { PackIndex } from "../../../workers/search/pack-index.ts";
import type { OfflineLibrary } from "../library/db.ts";
import type { PackSource } from "./source.ts";

const unreadable = (part: PackPart) =>
  new PackError("PACK_NOT_A_PACK", `the pack's index part ${part.id} is not readable`);

function listOf<T>(part: PackPart, value: unknown, field: string): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const name of [field, "rows"]) if (Array.isArray(record[name])) return record[name] as T[];
  }
  throw unreadable(part);
}

function oneOf<T>(part: PackPart, value: unknown, field: string, has: string): T {
  if (typeof value !== "object" || value === null) throw unreadable(part);
  const record = value as Record<string, unknown>;
  if (has in record) return value as T;
  const wrapped = record[field];
  if (typeof wrapped === "object" && wrapped !== null && has in wrapped) return wrapped as T;
  throw unreadable(part);
}

/** The pack's index parts, each verified before it is decoded; null when the pack has no index. */
export async function readPackIndex(
  source: PackSource,
  manifest: PackManifest,
  parts: readonly PackPart[],
  signal?: AbortSignal,
  onPart?: (part: PackPart) => void,
): Promise<PackIndex | null> {
  if (!manifest.index || parts.length === 0) return null;
  const index: PackIndex = {
    format: manifest.index.format,
    variants: { hash: manifest.index.folding, pairs: [] },
    docs: [],
    texts: [],
    segments: [],
  };
  for (const part of parts) {
    const stored = await source.read(part.offset, part.bytes, signal);
    await verifyPart(part, stored);
    const value = await partJson<unknown>(part, stored);
    switch (part.index) {
      case "variants":
        index.variants = oneOf<VariantData>(part, value, "variants", "pairs");
        break;
      case "docs":
        index.docs.push(...listOf<IndexedDoc>(part, value, "docs"));
        break;
      case "texts":
        index.texts.push(...listOf<DocText>(part, value, "texts"));
        break;
      case "segment":
        index.segments.push(oneOf<SavedSegment>(part, value, "segment", "chunks"));
        break;
      default:
        throw unreadable(part);
    }
    onPart?.(part);
  }
  if (index.variants.hash !== manifest.index.folding) throw unreadable(parts[0] as PackPart);
  return index;
}

/**
 * The index reduced to the reels the library holds in exactly the forms indexed, with their rows'
 * `stored_at` as the forms' values (a row written by an earlier run of the install included).
 */
export async function indexForLibrary(db: OfflineLibrary, index: PackIndex): Promise<PackIndex> {
  const docs: IndexedDoc[] = [];
  const READ = 200;
  for (let i = 0; i < index.docs.length; i += READ) {
    const batch = index.docs.slice(i, i + READ);
    const rows = await db.reelTexts
      .where("reel_uid")
      .anyOf(batch.map((doc) => doc.reel_uid))
      .toArray();
    for (const doc of batch) {
      const held = rows.filter((row) => row.reel_uid === doc.reel_uid);
      const indexed = Object.keys(doc.forms) as TxtType[];
      const same = held.length === indexed.length && held.every((row) => row.txt_type in doc.forms);
      if (!same) continue;
      docs.push({ ...doc, forms: Object.fromEntries(held.map((row) => [row.txt_type, row.stored_at])) });
    }
  }
  const kept = new Set(docs.map((doc) => doc.reel_uid));
  return { ...index, docs, texts: index.texts.filter((text) => kept.has(text.reel_uid)) };
}
