/**
 * A pack's segment part decoded in the worker: gunzip'd when stored so, then read as JSON, the
 * segment itself or wrapped as `{ segment }` (the two shapes a pack's index parts may take).
 * Decoding here rather than in the page keeps the page's memory to the stored bytes it hands over.
 *
 * A part is gunzip'd into one buffer kept while parts keep coming, and read from its bytes
 * (json-bytes.ts): its chunks' base64 stays in those bytes until each row is decoded into bytes of
 * its own (segments.ts, `chunkRow`). So a part makes no string of its rows, and the rows' bytes are
 * the only new buffers each part leaves behind. The chunks of a decoded part are good until the
 * next part is decoded.
 */
import { keptGunzip } from "../../contract/gzip.ts";
import type { StoredSegmentPart } from "./api.ts";
import type { SavedSegment } from "./databases.ts";
import { ByteSpan, type ScannedJson, type ScannedObject, scanJson } from "./json-bytes.ts";
import type { Base64Text } from "./segments.ts";

/** A segment as a part holds it, its chunks' base64 as strings or as spans of the part's bytes. */
export type DecodedSegment = Omit<SavedSegment, "chunks"> & { chunks: [string, Base64Text][] };

/** Parts are gunzip'd into one buffer, let go 5 s after the last part. */
const gunzipPart = keptGunzip(5_000);

const isObject = (value: ScannedJson | undefined): value is ScannedObject =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ByteSpan);

const isChunk = (value: ScannedJson): value is [string, Base64Text] =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === "string" &&
  (typeof value[1] === "string" || value[1] instanceof ByteSpan);

function segmentOf(value: ScannedJson | undefined): DecodedSegment | null {
  if (!isObject(value)) return null;
  const { id, doc_ids: docIds, chars, chunks } = value;
  if (typeof id !== "number" || !Array.isArray(docIds) || !Array.isArray(chunks)) return null;
  if (!docIds.every((doc) => typeof doc === "number") || !chunks.every(isChunk)) return null;
  return { id, doc_ids: docIds as number[], chars: typeof chars === "number" ? chars : 0, chunks };
}

/** The segment, or null when the part holds none. */
export async function decodedSegment(
  segment: SavedSegment | StoredSegmentPart,
): Promise<DecodedSegment | null> {
  if ("chunks" in segment) return segment;
  try {
    const bytes = segment.encoding === "gzip" ? gunzipPart(segment.bytes) : segment.bytes;
    const value = scanJson(bytes);
    return segmentOf(value) ?? (isObject(value) ? segmentOf(value.segment) : null);
  } catch {
    return null;
  }
}
