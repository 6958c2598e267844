/**
 * The index proper: FlexSearch indexes ("segments"), each over a batch of reels, a reel being one
 * document of its folded searchable text. Its terms are the tokens of contract/search-tokenizer.ts
 * (the server's bigrams, and each char on its own for one-char keywords) with one change: a bigram
 * is kept as one of BUCKETS hashed buckets, not as itself. Over millions of chars the distinct
 * bigrams run to about a million, and FlexSearch holds an array per term (≈ 400 MB of heap for
 * 5 M chars); buckets keep it to tens of MB. A bucket stands for several bigrams, so the index
 * finds a superset of the reels, and every candidate is checked against its text (query.ts), which
 * the counts need anyway. Folded text makes one index serve every text form and both modes: a hit
 * in any form is a hit of the folded keyword in the folded text.
 */
import { Index } from "flexsearch";
import { phraseBigrams } from "../../contract/search-tokenizer.ts";
import type { SavedSegment } from "./databases.ts";

/** Bumped when tokens or buckets change: a saved index of another format is built again. */
export const INDEX_FORMAT = 1;
const BUCKET_BITS = 16;
const BUCKETS = 1 << BUCKET_BITS;
const BUCKET_NAMES = Array.from({ length: BUCKETS }, (_, i) => i.toString(36));
/** A one-char token: the char behind a mark no bucket name holds. */
const CHAR_MARK = "=";
/** Starts a query: the rest is its tokens, space-separated (searchable text never holds a space). */
const QUERY_MARK = "\u0001";

/** A segment is closed and saved once it holds this many chars. */
export const SEGMENT_CHARS = 4_000_000;

export type Segment = { id: number; index: Index; docIds: Set<number>; chars: number };

/** FNV-1a over the UTF-16 units of a bigram, folded to a bucket. */
function bucketOf(gram: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < gram.length; i++) hash = Math.imul(hash ^ gram.charCodeAt(i), 0x01000193);
  return BUCKET_NAMES[(hash >>> 0) & (BUCKETS - 1)] as string;
}

/** The terms of a document: its bigrams' buckets and its chars, each once. */
export function documentTerms(chars: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const ch of chars) terms.add(CHAR_MARK + ch);
  for (const gram of phraseBigrams(chars)) terms.add(bucketOf(gram));
  return [...terms];
}

/** The terms a reel must hold to contain the folded phrase `chars`. */
export function phraseTerms(chars: readonly string[]): string[] {
  if (chars.length === 1) return [CHAR_MARK + chars[0]];
  return [...new Set(phraseBigrams(chars).map(bucketOf))];
}

function encode(text: string): string[] {
  if (text.startsWith(QUERY_MARK)) return text.slice(QUERY_MARK.length).split(" ");
  return documentTerms(Array.from(text));
}

const newIndex = (): Index => new Index({ tokenize: "strict", resolution: 1, encode });

export function createSegment(id: number): Segment {
  return { id, index: newIndex(), docIds: new Set(), chars: 0 };
}

export function addToSegment(segment: Segment, docId: number, folded: string, chars: number): void {
  if (folded !== "") segment.index.add(docId, folded);
  segment.docIds.add(docId);
  segment.chars += chars;
}

/** Removes a few reels in place (FlexSearch scans its whole map per reel: rebuild for many). */
export function removeFromSegment(segment: Segment, docId: number, chars: number): void {
  segment.index.remove(docId);
  segment.docIds.delete(docId);
  segment.chars -= chars;
}

/** Reels of the segment holding every term. */
export function searchSegment(segment: Segment, terms: readonly string[]): number[] {
  if (terms.length === 0 || segment.docIds.size === 0) return [];
  const found = segment.index.search(QUERY_MARK + terms.join(" "), { limit: segment.docIds.size });
  return found.map(Number);
}

export function exportSegment(segment: Segment): SavedSegment {
  const chunks: [string, string][] = [];
  segment.index.export((key, data) => {
    chunks.push([key, data]);
  });
  return { id: segment.id, doc_ids: [...segment.docIds], chars: segment.chars, chunks };
}

export function importSegment(saved: SavedSegment): Segment {
  const index = newIndex();
  for (const [key, data] of saved.chunks) index.import(key, data);
  return { id: saved.id, index, docIds: new Set(saved.doc_ids), chars: saved.chars };
}
