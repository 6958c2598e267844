/**
 * The search index a pack carries (workers/search/pack-index.ts), read from its `index` parts and
 * made to fit this library before the search worker merges it: only the reels whose texts the
 * library now holds in exactly the indexed forms, each form marked with the `stored_at` of its
 * library row (what the worker's sync compares, so it finds nothing to index again).
 *
 * The parts hold the PackIndex's own fields: `variants` the variant data, `docs` and `texts` lists
 * of its docs and texts (as a list or as `{ rows }`), `segment` one saved segment each. The index
 * is handed over a segment at a time (packIndexPieces), each with its docs, so a pack of any size
 * is taken in with one segment's rows in memory. The texts parts are for installers of earlier
 * versions, which kept a copy of the texts beside the index.
 */

import { PackError, type PackManifest, type PackPart, verifyPart } from "../../../contract/pack.ts";
import { partJson } from "../../../contract/pack-codec.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { PackIndexToAdopt, StoredSegmentPart, VariantData } from "../../../workers/search/api.ts";
import type { IndexedDoc } from "../../../workers/search/databases.ts";
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

/** Reads a part, verified before it is decoded. */
async function readPart(source: PackSource, part: PackPart, signal?: AbortSignal): Promise<unknown> {
  const stored = await source.read(part.offset, part.bytes, signal);
  await verifyPart(part, stored);
  return partJson<unknown>(part, stored);
}

/**
 * The pack's index a segment at a time: each piece the variant data, the segment part as stored
 * (verified; the worker decodes it) and its docs. The texts parts are not read: the search worker
 * reads texts from the library (its sync indexes from there what a segment cannot bring whole).
 * Nothing when the pack has no index.
 */
export async function* packIndexPieces(
  source: PackSource,
  manifest: PackManifest,
  parts: readonly PackPart[],
  signal?: AbortSignal,
): AsyncGenerator<PackIndexToAdopt> {
  if (!manifest.index || parts.length === 0) return;
  let variants: VariantData = { hash: manifest.index.folding, pairs: [] };
  const docs: IndexedDoc[] = [];
  for (const part of parts) {
    if (part.index === "variants")
      variants = oneOf<VariantData>(part, await readPart(source, part, signal), "variants", "pairs");
    else if (part.index === "docs")
      docs.push(...listOf<IndexedDoc>(part, await readPart(source, part, signal), "docs"));
    else if (part.index !== "texts" && part.index !== "segment") throw unreadable(part);
  }
  if (variants.hash !== manifest.index.folding) throw unreadable(parts[0] as PackPart);
  const bySegment = new Map<number, IndexedDoc[]>();
  for (const doc of docs) bySegment.set(doc.segment, [...(bySegment.get(doc.segment) ?? []), doc]);
  // Segment parts come in their ids' order from 1 (both pack builders write them so); the worker
  // decodes each and takes it only with docs of its own id.
  let segmentId = 0;
  for (const part of parts) {
    if (part.index !== "segment") continue;
    segmentId += 1;
    const bytes = await source.read(part.offset, part.bytes, signal);
    await verifyPart(part, bytes);
    const segment: StoredSegmentPart = { encoding: part.encoding, bytes };
    yield {
      format: manifest.index.format,
      variants,
      docs: bySegment.get(segmentId) ?? [],
      segments: [segment],
    };
  }
}

export const writtenKey = (reelUid: string, txtType: TxtType): string => `${reelUid}\t${txtType}`;

/**
 * The index reduced to the reels the library will hold, once the install has written `installs`
 * (reel texts by `writtenKey`), in exactly the forms indexed; each form gets the `stored_at` of its
 * row: `storedAt` for the rows the install writes, the row's own for those another download wrote.
 */
export async function indexForLibrary<Index extends PackIndexToAdopt>(
  db: OfflineLibrary,
  index: Index,
  installs: ReadonlySet<string>,
  storedAt: number,
): Promise<Index> {
  const docs: IndexedDoc[] = [];
  const READ = 500;
  for (let i = 0; i < index.docs.length; i += READ) {
    const batch = index.docs.slice(i, i + READ);
    const present = (await db.reelTexts
      .where("reel_uid")
      .anyOf(batch.map((doc) => doc.reel_uid))
      .primaryKeys()) as [string, TxtType][];
    const others = present.filter(([reel, form]) => !installs.has(writtenKey(reel, form)));
    const read = new Map<string, number>();
    for (const row of others.length > 0 ? await db.reelTexts.bulkGet(others) : [])
      if (row) read.set(writtenKey(row.reel_uid, row.txt_type), row.stored_at);
    const held = new Map<string, Set<TxtType>>();
    const hold = (reel: string, form: TxtType) => held.set(reel, (held.get(reel) ?? new Set()).add(form));
    for (const [reel, form] of present) hold(reel, form);
    for (const doc of batch) {
      for (const form of Object.keys(doc.forms) as TxtType[])
        if (installs.has(writtenKey(doc.reel_uid, form))) hold(doc.reel_uid, form);
      const forms = [...(held.get(doc.reel_uid) ?? [])];
      const indexed = Object.keys(doc.forms) as TxtType[];
      if (forms.length !== indexed.length || !forms.every((form) => form in doc.forms)) continue;
      const at = forms.map((form): [TxtType, number | undefined] => {
        const key = writtenKey(doc.reel_uid, form);
        return [form, installs.has(key) ? storedAt : read.get(key)];
      });
      if (at.some(([, value]) => value === undefined)) continue;
      docs.push({ ...doc, forms: Object.fromEntries(at) });
    }
  }
  const _kept = new Set(docs.map((doc) => doc.reel_uid));
  return { ...index, docs };
}
