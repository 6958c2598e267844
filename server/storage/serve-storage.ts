/**
 * Serving stored objects under `/storage/…` (page images, thumbnails, cut chars, column images,
 * uploads): local files straight from disk; objects of a remote store read through the server,
 * with the same caching headers (keys are never rewritten: an object under a key does not change).
 */
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { STORAGE_URL_PREFIX } from "./local.ts";
import type { ObjectStorage } from "./storage.ts";

const CACHE_CONTROL = "public, max-age=2592000, immutable";

export async function registerStorageServing(
  app: FastifyInstance,
  storage: ObjectStorage & { root?: string },
) {
  if (storage.root) {
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: STORAGE_URL_PREFIX,
      decorateReply: false,
      maxAge: "30d",
      immutable: true,
    });
    return;
  }
  const read = storage.read?.bind(storage);
  if (!read) throw new Error("this storage can neither be served from disk nor read with its type");
  app.get(`${STORAGE_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const object = await read(key).catch((error: unknown) => {
      // A key that is not a storage key is simply not there.
      if (error instanceof Error && error.message.startsWith("invalid storage key")) return null;
      throw error;
    });
    if (!object) return reply.code(404).type("text/plain").send("Not Found");
    if (object.etag && request.headers["if-none-match"] === object.etag) return reply.code(304).send();
    reply.header("cache-control", CACHE_CONTROL).type(object.contentType);
    if (object.etag) reply.header("etag", object.etag);
    return reply.send(object.body);
  });
}
