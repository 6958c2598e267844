/**
 * `/storage/…` on local storage: files answered from memory or, when large, streamed from disk,
 * with the headers @fastify/static gave them (long immutable caching, a weak ETag and
 * Last-Modified, 304 to a matching If-None-Match or If-Modified-Since, one byte range on request).
 */
import { createReadStream } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { STORAGE_URL_PREFIX } from "./local.ts";
import { type LocalFile, LocalFileCache } from "./local-file-cache.ts";

export const STORAGE_CACHE_CONTROL = "public, max-age=2592000, immutable";
/** Large files go out in pieces this big: fewer turns of the event loop than the 64 KiB default. */
const STREAM_CHUNK_BYTES = 256 * 1024;

type ByteRange = { start: number; end: number };

/** The one range `bytes=first-last` a Range header asks for, "unsatisfiable", or null for the whole file. */
function requestedRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header ? /^\s*bytes=(\d*)-(\d*)\s*$/.exec(header) : null;
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffixLength = Number(last);
    return suffixLength === 0 || size === 0
      ? "unsatisfiable"
      : { start: Math.max(0, size - suffixLength), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  return end < start ? null : { start, end };
}

export function etagListMatches(list: string, etag: string): boolean {
  return list
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag === etag || `W/${tag}` === etag);
}

/** Whether the client's copy is this file (If-None-Match wins over If-Modified-Since). */
function clientHasFile(request: FastifyRequest, file: LocalFile): boolean {
  const headers = request.headers;
  if (headers["cache-control"]?.includes("no-cache")) return false;
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch !== undefined) return etagListMatches(ifNoneMatch, file.etag);
  const ifModifiedSince = headers["if-modified-since"];
  return ifModifiedSince !== undefined && Date.parse(file.lastModified) <= Date.parse(ifModifiedSince);
}

/** A Range only applies while If-Range, when sent, still names this file. */
function rangeApplies(request: FastifyRequest, file: LocalFile): boolean {
  const ifRange = request.headers["if-range"];
  if (typeof ifRange !== "string") return ifRange === undefined;
  if (ifRange.includes('"')) return ifRange === file.etag;
  return Date.parse(file.lastModified) <= Date.parse(ifRange);
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: LocalFile) {
  reply
    .header("accept-ranges", "bytes")
    .header("cache-control", STORAGE_CACHE_CONTROL)
    .header("last-modified", file.lastModified)
    .header("etag", file.etag);
  if (clientHasFile(request, file)) return reply.code(304).send();
  const size = file.kind === "cached" ? file.body.length : file.size;
  const range = rangeApplies(request, file) ? requestedRange(request.headers.range, size) : null;
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${size}`);
    throw new ApiError(416);
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header("content-range", `bytes ${start}-${end}/${size}`);
  reply.type(file.contentType).header("content-length", end - start + 1);
  if (request.method === "HEAD" || size === 0) return reply.send();
  if (file.kind === "cached") return reply.send(range ? file.body.subarray(start, end + 1) : file.body);
  return reply.send(createReadStream(file.path, { start, end, highWaterMark: STREAM_CHUNK_BYTES }));
}

/**
 * Serves the files under `root` for keys `servableKey` accepts (it checks them as storage keys,
 * so no path leaves the folder) and `checkAccess` does not refuse (by throwing).
 */
export function registerLocalFileServing(
  app: FastifyInstance,
  root: string,
  servableKey: (path: string) => string | null,
  checkAccess: (request: FastifyRequest, key: string) => void = () => undefined,
): void {
  const files = new LocalFileCache(root);
  app.route({
    method: ["GET", "HEAD"],
    url: `${STORAGE_URL_PREFIX}*`,
    schema: { hide: true },
    handler(request, reply) {
      const key = servableKey((request.params as { "*": string })["*"]);
      // @fastify/static answered dotfiles as missing; stored keys never start a part with a dot.
      if (!key || key.split("/").some((part) => part.startsWith("."))) return reply.callNotFound();
      const file = files.lookup(key);
      if (!file) return reply.callNotFound();
      checkAccess(request, key);
      return sendFile(request, reply, file);
    },
  });
}
