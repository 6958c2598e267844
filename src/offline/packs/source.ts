/**
 * Where a pack's bytes come from when it is installed: a file chosen on disk (read by `Blob.slice`,
 * so only the part asked for is ever in memory) or the server (read by HTTP Range requests, so an
 * interrupted install goes on where it stopped). Both read a range at a time; the installer reads
 * the trailer, the manifest and then each part on its own.
 */
import { ApiError } from "../../api/errors.ts";

export type PackSource = {
  /** The file's name, or the pack's URL. */
  name: string;
  /** The whole pack's size in bytes. */
  size: number;
  read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
};

function checkRange(size: number, offset: number, length: number): void {
  if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0)
    throw new RangeError(`bad range ${offset}+${length}`);
  if (offset + length > size)
    throw new RangeError(`range ${offset}+${length} is past the pack's ${size} bytes`);
}

export function fileSource(file: Blob & { name?: string }): PackSource {
  return {
    name: file.name ?? "",
    size: file.size,
    async read(offset, length, signal) {
      checkRange(file.size, offset, length);
      signal?.throwIfAborted();
      const bytes = new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
      signal?.throwIfAborted();
      return bytes;
    },
  };
}

/** `bytes first-last/total` of a 206 answer. */
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

/**
 * A pack served with Range support. A failed connection surfaces as fetch's own TypeError, which
 * the download manager reads as a network failure (it stops and resumes later); an answer other
 * than the 206 of the range asked for is an ApiError with its HTTP status.
 */
export function httpSource(url: string, bytes: number, fetchImpl: typeof fetch = fetch): PackSource {
  return {
    name: url,
    size: bytes,
    async read(offset, length, signal) {
      checkRange(bytes, offset, length);
      if (length === 0) return new Uint8Array(0);
      const last = offset + length - 1;
      const response = await fetchImpl(url, {
        headers: { range: `bytes=${offset}-${last}` },
        signal,
        credentials: "same-origin",
      });
      if (response.status !== 206) {
        await response.body?.cancel().catch(() => undefined);
        throw new ApiError(`HTTP ${response.status} for a range of ${url}`, response.status, null, false);
      }
      const range = CONTENT_RANGE.exec(response.headers.get("content-range") ?? "");
      const total = range?.[3];
      if (
        !range ||
        Number(range[1]) !== offset ||
        Number(range[2]) !== last ||
        (total !== "*" && Number(total) !== bytes)
      ) {
        await response.body?.cancel().catch(() => undefined);
        throw new ApiError(`${url} answered another range than ${offset}-${last}`, 416, null, false);
      }
      const body = new Uint8Array(await response.arrayBuffer());
      if (body.length !== length)
        throw new ApiError(`${url} sent ${body.length} bytes, not ${length}`, 502, null, false);
      return body;
    },
  };
}
