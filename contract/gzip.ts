/**
 * Gzip through CompressionStream, which Node and the browsers both have: for a pack's parts
 * (pack-codec.ts) and for library rows kept compressed (offline-library.ts), which are read back
 * through fflate's gunzip, into one buffer kept for the next row (`keptGunzip`).
 */

import { gunzipSync } from "fflate";

async function through(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

export const gzip = (bytes: Uint8Array): Promise<Uint8Array> => through(bytes, new CompressionStream("gzip"));
export const gunzip = (bytes: Uint8Array): Promise<Uint8Array> =>
  through(bytes, new DecompressionStream("gzip"));

/**
 * Gzip'd bytes as the UTF-8 text they hold, decoded as they are gunzip'd: no buffer of the whole
 * gunzip'd bytes is made beside the text.
 */
export const gunzipText = (bytes: Uint8Array): Promise<string> =>
  new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"))).text();

/** Bytes a gzip member holds once gunzip'd: its trailer's size field (modulo 4 GiB). */
const gunzippedSize = (bytes: Uint8Array): number =>
  new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4).getUint32(0, true);

const ROUND = 1 << 16;

/**
 * A gunzip at once (fflate) into one buffer of its own, grown as needed and kept for the next
 * call: what it gives is a view of that buffer, good until the next call. The stream above makes
 * new buffers of every input's bytes, which a browser frees late, so gunzipping many inputs would
 * leave tens of MB behind. With `keepMs`, the buffer is let go that long after the last call.
 */
export function keptGunzip(keepMs?: number): (bytes: Uint8Array) => Uint8Array {
  let kept = new Uint8Array(0);
  let letGo: ReturnType<typeof setTimeout> | undefined;
  return (bytes) => {
    if (bytes.length < 18) throw new Error("not gzip: too short");
    const size = gunzippedSize(bytes);
    if (kept.length < size) kept = new Uint8Array(Math.ceil(size / ROUND) * ROUND);
    const out = gunzipSync(bytes, { out: kept.subarray(0, size) });
    if (keepMs !== undefined) {
      clearTimeout(letGo);
      letGo = setTimeout(() => {
        kept = new Uint8Array(0);
      }, keepMs);
    }
    return out;
  };
}

const gunzipRow = keptGunzip();
const utf8 = new TextDecoder();

/** Gzip'd bytes as the UTF-8 text they hold, gunzip'd at once: for the many small rows a search or a reader reads. */
export const gunzipTextNow = (bytes: Uint8Array): string => utf8.decode(gunzipRow(bytes));
