/**
 * Gzip through CompressionStream, which Node and the browsers both have: for a pack's parts
 * (pack-codec.ts) and for library rows kept compressed (offline-library.ts), which are read back
 * through fflate's gunzip, into one buffer kept for the next row (`gunzipTextNow`).
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
let inflated = new Uint8Array(0);
const utf8 = new TextDecoder();

/**
 * Gzip'd bytes as the UTF-8 text they hold, gunzip'd at once into one buffer that the next call
 * takes again. For the many small rows a search or a reader reads: the stream above makes new
 * buffers of every row's bytes, which the browser frees late, so reading many rows would leave
 * tens of MB behind.
 */
export function gunzipTextNow(bytes: Uint8Array): string {
  if (bytes.length >= 18 && inflated.length < gunzippedSize(bytes))
    inflated = new Uint8Array(Math.ceil(gunzippedSize(bytes) / ROUND) * ROUND);
  return utf8.decode(gunzipNow(bytes, inflated));
}

/** Gzip'd bytes gunzip'd at once, into the start of `into` when it has room (a view of it), else into bytes of their own. */
export function gunzipNow(bytes: Uint8Array, into?: Uint8Array): Uint8Array {
  if (bytes.length < 18) throw new Error("not gzip: too short");
  const size = gunzippedSize(bytes);
  const out = into && into.length >= size ? into.subarray(0, size) : new Uint8Array(size);
  return gunzipSync(bytes, { out });
}
