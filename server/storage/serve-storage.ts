/**
 * Serving stored objects under `/storage/…` (page images, thumbnails, cut chars, column images,
 * uploads): local files from memory or disk (serve-local-files.ts); objects of a remote store
 * either read through the server with the same caching headers (keys are never rewritten: an
 * object under a key does not change), or, in redirect mode, answered with a 302 to a
 * short-lived presigned GET of the store.
 * Uploads still waiting for their confirmation (the staging folder) are never served, and on a
 * site that limits page-image views a page scan is served only at a granted address (scan-grants.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { STORAGE_URL_PREFIX } from "./local.ts";
import { GRANT_PARAM, OPEN_SCANS, type ScanGrants } from "./scan-grants.ts";
import { registerLocalFileServing, STORAGE_CACHE_CONTROL } from "./serve-local-files.ts";
import { assertStorageKey, type ObjectStorage, type PresignedAccess } from "./storage.ts";

/** A presigned GET is good for an hour from its signing time. */
export const PRESIGNED_GET_TTL_S = 3600;
/**
 * Addresses are signed at the start of a ten-minute window, so every request in that window gets
 * the same address and the browser's cache of the image under it keeps working.
 */
export const PRESIGN_WINDOW_S = 600;
/** The redirect is cached for less than what is left of its address's life (at least 50 minutes). */
export const REDIRECT_MAX_AGE_S = PRESIGNED_GET_TTL_S - 2 * PRESIGN_WINDOW_S;

const STAGING_PREFIX = "incoming/";

/** The storage key of a `/storage/…` path, or null for a path that is no servable key. */
function servableKey(path: string): string | null {
  if (path.startsWith(STAGING_PREFIX)) return null;
  try {
    assertStorageKey(path);
    return path;
  } catch {
    return null;
  }
}

const notFound = { statusCode: 404, body: "Not Found" } as const;

/** Refuses a page scan asked for without its grant where grants are required. */
function grantChecker(grants: ScanGrants) {
  return (request: FastifyRequest, key: string): void => {
    const grant = (request.query as Record<string, unknown> | undefined)?.[GRANT_PARAM];
    if (!grants.admits(key, grant)) {
      throw new ApiError(403, "this site limits page-image views: a page scan is shown from its page");
    }
  };
}

function registerRedirects(
  app: FastifyInstance,
  presigned: PresignedAccess,
  now: () => number,
  checkGrant: (request: FastifyRequest, key: string) => void,
) {
  app.get(`${STORAGE_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = servableKey((request.params as { "*": string })["*"]);
    if (!key) return reply.code(notFound.statusCode).type("text/plain").send(notFound.body);
    checkGrant(request, key);
    const windowMs = PRESIGN_WINDOW_S * 1000;
    const signedAt = Math.floor(now() / windowMs) * windowMs;
    const location = await presigned.presignGet(key, signedAt, PRESIGNED_GET_TTL_S);
    return reply
      .code(302)
      .header("cache-control", `public, max-age=${REDIRECT_MAX_AGE_S}`)
      .header("location", location)
      .send();
  });
}

export async function registerStorageServing(
  app: FastifyInstance,
  storage: ObjectStorage & { root?: string },
  now: () => number = Date.now,
  grants: ScanGrants = OPEN_SCANS,
) {
  const checkGrant = grantChecker(grants);
  if (storage.root) {
    registerLocalFileServing(app, storage.root, servableKey, checkGrant);
    return;
  }
  if (storage.presigned?.serve === "redirect") {
    registerRedirects(app, storage.presigned, now, checkGrant);
    return;
  }
  const read = storage.read?.bind(storage);
  if (!read) throw new Error("this storage can neither be served from disk nor read with its type");
  app.get(`${STORAGE_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = servableKey((request.params as { "*": string })["*"]);
    if (key) checkGrant(request, key);
    const object = key ? await read(key) : null;
    if (!object) return reply.code(notFound.statusCode).type("text/plain").send(notFound.body);
    if (object.etag && request.headers["if-none-match"] === object.etag) return reply.code(304).send();
    reply.header("cache-control", STORAGE_CACHE_CONTROL).type(object.contentType);
    if (object.etag) reply.header("etag", object.etag);
    return reply.send(object.body);
  });
}
