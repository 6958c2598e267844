/**
 * Gzip through CompressionStream, which Node and the browsers both have: for a pack's parts
 * (pack-codec.ts) and for library rows kept compressed (offline-library.ts).
 */

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
