/**
 * A pack's segment part decoded in the worker: gunzip'd when stored so, then read as JSON, the
 * segment itself or wrapped as `{ segment }` (the two shapes a pack's index parts may take).
 * Decoding here rather than in the page keeps the page's memory to the stored bytes it hands over.
 */
import { partText } from "../../contract/pack-codec.ts";
import type { StoredSegmentPart } from "./api.ts";
import type { SavedSegment } from "./databases.ts";

const isSaved = (value: unknown): value is SavedSegment => {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "number" && Array.isArray(record.doc_ids) && Array.isArray(record.chunks);
};

/** The segment, or null when the part holds none. */
export async function decodedSegment(
  segment: SavedSegment | StoredSegmentPart,
): Promise<SavedSegment | null> {
  if ("chunks" in segment) return segment;
  try {
    const value: unknown = JSON.parse(await partText(segment.encoding, segment.bytes));
    if (isSaved(value)) return value;
    const wrapped = (value as { segment?: unknown } | null)?.segment;
    return isSaved(wrapped) ? wrapped : null;
  } catch {
    return null;
  }
}
