/**
 * The index proper: segments, each the posting lists (terms.ts, posting-builder.ts) of a batch of
 * reels, a reel being one document of its folded searchable text (and its forms' chars). A
 * segment is built in memory up to SEGMENT_CHARS chars, then written as rows (posting-rows.ts):
 * to the store, where queries read only the rows of their terms (posting-store.ts), or into a
 * pack as `SavedSegment` chunks, one per row (`p<bucket>.<buckets>`, the row's bytes in base64).
 *
 * Folded text makes one index serve every text form and both modes: a hit in any form is a hit
 * of the folded keyword in the folded text, and a bigram's places count a phrase's hits exactly.
 */
import type { SavedSegment } from "./databases.ts";
import { ByteSpan } from "./json-bytes.ts";
import { createPostingBuilder, type FormChars, type PostingBuilder } from "./posting-builder.ts";
import { decodeList, entriesOf, type PostingRow, placesOf, renumberRow, rowsOf } from "./posting-rows.ts";
import { bucketCountFor, isPositional, MAX_BUCKETS, termOf } from "./terms.ts";
import { createWriter } from "./varint.ts";

export { phraseTerms } from "./terms.ts";

/** Bumped when terms or rows change: a saved index of another format is built again. */
export const INDEX_FORMAT = 3;

/** A segment is closed and written once it holds this many chars (its build takes some tens of MB). */
export const SEGMENT_CHARS = 2_000_000;

/** `taken`: reels taken out since it was built, whose entries its lists still hold. */
export type Segment = {
  id: number;
  postings: PostingBuilder;
  docIds: Set<number>;
  chars: number;
  taken: number;
};

const CHUNK = /^p(\d+)\.(\d+)$/;

/** A segment to build; with `reuse`, in that builder's tables (emptied), so a sync allocates them once. */
export function createSegment(id: number, reuse?: PostingBuilder): Segment {
  reuse?.reset();
  return { id, postings: reuse ?? createPostingBuilder(), docIds: new Set(), chars: 0, taken: 0 };
}

/** A builder sized for a segment of up to SEGMENT_CHARS chars (a little over one new term in four chars). */
export const segmentBuilder = (chars = SEGMENT_CHARS): PostingBuilder =>
  createPostingBuilder(Math.round(Math.min(chars, SEGMENT_CHARS) * 0.28));

/** Adds a reel (ids ascending): its folded text and, for exact search, its forms' chars. */
export function addToSegment(
  segment: Segment,
  docId: number,
  folded: string,
  chars: number,
  forms: readonly FormChars[] = [],
): void {
  segment.postings.addReel(docId, folded, forms);
  segment.docIds.add(docId);
  segment.chars += chars;
}

/** Takes a reel out: its entries stay in the lists, passed over, and are left out when written. */
export function removeFromSegment(segment: Segment, docId: number, chars: number): void {
  if (!segment.docIds.delete(docId)) return;
  segment.chars -= chars;
  segment.taken++;
}

/** Reels of the segment holding every term. */
export function searchSegment(segment: Segment, terms: readonly string[]): number[] {
  let kept: Set<number> | null = null;
  const writer = createWriter();
  for (const text of terms) {
    const term = termOf(text);
    writer.length = 0;
    if (!term || !segment.postings.list(term.x, term.y, writer)) return [];
    const docs = decodeList(writer.bytes.subarray(0, writer.length), isPositional(term)).docs;
    const found = new Set<number>();
    for (const doc of docs) if (segment.docIds.has(doc) && (kept === null || kept.has(doc))) found.add(doc);
    kept = found;
    if (kept.size === 0) return [];
  }
  return kept ? [...kept] : [];
}

/** The buckets a segment's rows are written in. */
export const bucketsOf = (segment: Segment): number => bucketCountFor(segment.postings.bytes);

/** The segment's rows (in bucketsOf buckets), the entries of reels taken out left out. */
export function* segmentRows(segment: Segment): Generator<PostingRow> {
  for (const row of rowsOf(segment.postings, bucketsOf(segment))) {
    if (segment.taken === 0) {
      yield row;
      continue;
    }
    const data = renumberRow(row.data, (doc) => (segment.docIds.has(doc) ? doc : undefined), false);
    if (data && data.length > 0) yield { bucket: row.bucket, data };
  }
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

const BASE64_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const NOT_A_DIGIT = 0xff;
const BASE64_VALUES = (() => {
  const values = new Uint8Array(128).fill(NOT_A_DIGIT);
  for (let i = 0; i < BASE64_DIGITS.length; i++) values[BASE64_DIGITS.charCodeAt(i)] = i;
  return values;
})();

/** A base64 text, as a string or as the bytes of a pack part that hold it (json-bytes.ts). */
export type Base64Text = string | ByteSpan;

const spanOf = (text: Base64Text): ByteSpan => {
  if (typeof text !== "string") return text;
  const bytes = new TextEncoder().encode(text);
  return new ByteSpan(bytes, 0, bytes.length);
};

const spanSize = ({ bytes, start, end }: ByteSpan): number => {
  let last = end;
  while (last > start && bytes[last - 1] === 0x3d) last--;
  return Math.floor(((last - start) * 3) / 4);
};

/** Bytes a base64 text holds. */
export const base64Size = (text: Base64Text): number => spanSize(spanOf(text));

/**
 * The bytes of a base64 text, decoded into the start of `into` when it has room (a view of it),
 * else into bytes of their own. No string of the bytes is made on the way, as `atob` makes one.
 */
export function fromBase64(text: Base64Text, into?: Uint8Array): Uint8Array {
  const span = spanOf(text);
  const { bytes, start } = span;
  const size = spanSize(span);
  const out = into && into.length >= size ? into.subarray(0, size) : new Uint8Array(size);
  let at = 0;
  let bits = 0;
  let value = 0;
  for (let i = start; at < size; i++) {
    const code = bytes[i] as number;
    const digit = code < 128 ? (BASE64_VALUES[code] as number) : NOT_A_DIGIT;
    if (digit === NOT_A_DIGIT) throw new Error(`not base64 at ${i - start}`);
    value = ((value << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/** A row as a pack chunk, its segment's rows being in `buckets` buckets. */
export const rowChunk = (row: PostingRow, buckets: number): [string, string] => [
  `p${row.bucket}.${buckets}`,
  toBase64(row.data),
];

/**
 * A pack chunk's row and its segment's buckets; null for a chunk of another kind (or format). With
 * `scratch`, the row's bytes are a view of it, to be copied before the next chunk is read.
 */
export function chunkRow(
  [key, data]: readonly [string, Base64Text],
  scratch?: Uint8Array,
): (PostingRow & { buckets: number }) | null {
  const match = CHUNK.exec(key);
  const bucket = Number(match?.[1]);
  const buckets = Number(match?.[2]);
  const valid = buckets >= 1 && buckets <= MAX_BUCKETS && (buckets & (buckets - 1)) === 0 && bucket < buckets;
  if (!match || !valid) return null;
  return { bucket, buckets, data: fromBase64(data, scratch) };
}

export function exportSegment(segment: Segment): SavedSegment {
  const buckets = bucketsOf(segment);
  const chunks = [...segmentRows(segment)].map((row) => rowChunk(row, buckets));
  return { id: segment.id, doc_ids: [...segment.docIds], chars: segment.chars, chunks };
}

/** The segment of a pack's chunks; throws on a chunk of another kind. */
export function importSegment(saved: SavedSegment): Segment {
  const segment: Segment = {
    id: saved.id,
    postings: createPostingBuilder(),
    docIds: new Set(saved.doc_ids),
    chars: saved.chars,
    taken: 0,
  };
  for (const chunk of saved.chunks) {
    const row = chunkRow(chunk);
    if (!row) throw new Error(`a segment chunk of another format: ${chunk[0]}`);
    for (const entry of entriesOf(row.data)) {
      const list = decodeList(entry.list, isPositional(entry));
      let places: Int32Array = new Int32Array(64);
      for (let i = 0; i < list.docs.length; i++) {
        if (list.at) places = placesOf(list, i, places);
        segment.postings.addEntry(
          entry.x,
          entry.y,
          list.docs[i] as number,
          list.times[i] as number,
          list.at ? places : null,
        );
      }
    }
  }
  return segment;
}

/**
 * A saved segment with its reels' ids changed by `ids` and its own id `id`; null when a chunk is
 * of another kind or holds a reel `ids` lacks (the segment is then built again from its texts).
 */
export function renumberSegment(
  saved: SavedSegment,
  id: number,
  ids: ReadonlyMap<number, number>,
): SavedSegment | null {
  const chunks: [string, string][] = [];
  for (const chunk of saved.chunks) {
    const row = chunkRow(chunk);
    const data = row && renumberRow(row.data, (doc) => ids.get(doc), true);
    if (!row || !data) return null;
    chunks.push(rowChunk({ bucket: row.bucket, data }, row.buckets));
  }
  const docIds: number[] = [];
  for (const doc of saved.doc_ids) {
    const next = ids.get(Number(doc));
    if (next === undefined) return null;
    docIds.push(next);
  }
  return { id, doc_ids: docIds, chars: saved.chars, chunks };
}
