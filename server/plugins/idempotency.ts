/**
 * The `Idempotency-Key` header on /v1 writes (contract/idempotency.ts). Every POST, PUT, PATCH and
 * DELETE route under /v1 gets, when it is registered, the optional header in its schema (so the
 * OpenAPI document shows it) and hooks that apply a keyed request at most once per sender:
 *   first send     the key is reserved (a unique insert), the route runs, and its final answer
 *                  (2xx, or a 4xx other than 401/408/429) is stored; any other answer frees the key
 *   same request   the stored status and body, with `Idempotent-Replayed: true`; the route does not run
 *   still running  409; another request under the same key: 422
 * A request without the header runs as before. Keys expire after seven days of the injected clock.
 * Routes in EXCLUDED_WRITES ignore the header: the reason says why a stored answer would be wrong.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from "fastify";
import { z } from "zod";
import { errorEnvelope } from "../../contract/envelope.ts";
import {
  IDEMPOTENCY_ERRORS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
} from "../../contract/idempotency.ts";
import type { CanonDb } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import {
  findRecord,
  type IdempotencyRecord,
  type KeyRef,
  purgeBefore,
  releaseKey,
  requestFingerprint,
  reserveKey,
  storeAnswer,
  takeOverPending,
} from "./idempotency-store.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The key this request holds while its route runs. */
    idempotencyHeld: KeyRef | null;
  }
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SESSION_ANSWER = "answers a new session: its refresh cookie is not stored, so a replay would lack it";
const QUERY = "a query sent by POST: it changes nothing, and a stored answer would go stale";

/** "METHOD /v1/path" of the writes that ignore the header, and why. */
export const EXCLUDED_WRITES: Readonly<Record<string, string>> = {
  "POST /v1/login": SESSION_ANSWER,
  "POST /v1/user/code_login": SESSION_ANSWER,
  "POST /v1/refresh_token": "rotates the refresh cookie each time; a replay would hand back a spent token",
  "POST /v1/logout": "must clear the cookie of whoever sends it; repeating it is harmless",
  "PUT /v1/user/password":
    "ends every session of the user, the sender's included: a repeat comes with a refused token, and the new session's cookie is not stored",
  "POST /v1/user/captcha": "answers a new challenge each time by design",
  "POST /v1/is_show_captcha": QUERY,
  "POST /v1/check_user_exists": QUERY,
  "POST /v1/tripitaka/:tripitaka_uid/sutra/list": QUERY,
  "POST /v1/tripitaka/:tripitaka_uid/search": QUERY,
  "POST /v1/tripitaka/:tripitaka_uid/match_count": QUERY,
  "POST /v1/tripitaka/:tripitaka_uid/pubnote/list": QUERY,
  "POST /v1/tripitaka/:tripitaka_uid/offline/plan": QUERY,
  "POST /v1/offline/reels": QUERY,
  "POST /v1/offline/apparatus": QUERY,
  "POST /v1/offline/pages": QUERY,
  "POST /v1/oss/upload":
    "a multipart stream the route reads itself; its policy works once, so a repeat is refused by the policy",
};

/** A request older than this that still holds its key is taken to have died with its process. */
export const PENDING_TIMEOUT_MS = 2 * 60 * 1000;
/** Expired keys are deleted at most this often, when a keyed write comes in. */
const PURGE_INTERVAL_MS = 60 * 1000;
/** Answers that invite sending the same request again: sign in, wait, retry. */
const RETRYABLE = new Set([401, 408, 429]);

export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, "must be 1-128 characters of A-Z a-z 0-9 _ - : .")
  .optional()
  .describe(
    "Applies this write at most once: a repeat with the same key and request answers the stored " +
      "first answer with `Idempotent-Replayed: true` (409 while the first is running, 422 if the key " +
      "was used for another request). Keys are kept 7 days, per signed-in user.",
  );

/** The header part of every covered route's schema. */
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

const isFinal = (status: number): boolean =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && !RETRYABLE.has(status));

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());

function isCovered(route: RouteOptions): boolean {
  const url = route.url ?? "";
  if (!url.startsWith("/v1/")) return false;
  const writes = methodsOf(route).filter((m) => WRITE_METHODS.has(m));
  return writes.length > 0 && writes.every((m) => !(`${m} ${url}` in EXCLUDED_WRITES));
}

/** Adds the header, and the 409 and 422 answers it may bring, to the route's schema. */
function withKeyHeader(route: RouteOptions): void {
  const schema = route.schema ?? {};
  const headers = schema.headers;
  if (headers !== undefined && !(headers instanceof z.ZodObject)) return;
  const response = schema.response;
  route.schema = {
    ...schema,
    headers: headers ? headers.extend(idempotencyHeaders.shape) : idempotencyHeaders,
    ...(response !== null && typeof response === "object"
      ? { response: { 409: errorEnvelope, 422: errorEnvelope, ...response } }
      : {}),
  };
}

const asArray = <T>(hook: T | T[] | undefined): T[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];

export function registerIdempotency(app: FastifyInstance, canon: CanonDb, now: () => number): void {
  const db = canon.db;
  let nextPurgeAt = 0;

  async function purgeExpired(at: number): Promise<void> {
    if (at < nextPurgeAt) return;
    nextPurgeAt = at + PURGE_INTERVAL_MS;
    await purgeBefore(db, at - IDEMPOTENCY_KEY_TTL_MS);
  }

  function replay(reply: FastifyReply, record: IdempotencyRecord): FastifyReply {
    reply
      .code(record.status_code ?? 200)
      .header("content-type", "application/json; charset=utf-8")
      .header(IDEMPOTENT_REPLAYED_HEADER, "true");
    return reply.send(record.response_body ?? "");
  }

  const reserve: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new ApiError(
        IDEMPOTENCY_ERRORS.badKey,
        `${IDEMPOTENCY_HEADER} must be 1-128 characters of [A-Za-z0-9_-:.]`,
      );
    const at = now();
    await purgeExpired(at);
    const ref = { scope: request.user ? `user:${request.user.id}` : "guest", key };
    const path = request.url.split("?")[0] ?? request.url;
    const fingerprint = requestFingerprint(request.method, path, request.query, request.body);
    // A record freed between the insert and the read is gone; one more try reserves it.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await reserveKey(db, { ...ref, method: request.method, path, fingerprint, now: at })) {
        request.idempotencyHeld = ref;
        return;
      }
      const held = await findRecord(db, ref);
      if (!held) continue;
      if (held.fingerprint !== fingerprint)
        throw new ApiError(
          IDEMPOTENCY_ERRORS.keyReused,
          `idempotency key ${key} was used for another request`,
        );
      if (held.state === "done") return replay(reply, held);
      if (held.created_at > at - PENDING_TIMEOUT_MS || !(await takeOverPending(db, held, at)))
        throw new ApiError(
          IDEMPOTENCY_ERRORS.inProgress,
          `a request with idempotency key ${key} is still being applied`,
        );
      request.idempotencyHeld = ref;
      return;
    }
    throw new ApiError(
      IDEMPOTENCY_ERRORS.inProgress,
      `a request with idempotency key ${key} is still being applied`,
    );
  };

  async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const ref = request.idempotencyHeld;
    if (!ref) return;
    request.idempotencyHeld = null;
    const contentType = String(reply.getHeader("content-type") ?? "");
    try {
      if (isFinal(reply.statusCode) && typeof payload === "string" && contentType.includes("json"))
        await storeAnswer(db, ref, reply.statusCode, payload);
      else await releaseKey(db, ref);
    } catch (error) {
      // The answer still goes out; the key stays pending until PENDING_TIMEOUT_MS frees it.
      request.log.error({ err: error, key: ref.key }, "could not record the idempotent answer");
    }
  }

  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    await settle(request, reply, payload);
    return payload;
  };

  /** The answer never reached onSend (the connection went away): free the key. */
  const onResponse: onResponseAsyncHookHandler = async (request) => {
    const ref = request.idempotencyHeld;
    if (!ref) return;
    request.idempotencyHeld = null;
    await releaseKey(db, ref);
  };

  app.decorateRequest("idempotencyHeld", null);
  app.addHook("onRoute", (route) => {
    if (!isCovered(route)) return;
    withKeyHeader(route);
    route.preHandler = [...asArray(route.preHandler), reserve];
    route.onSend = [...asArray(route.onSend), onSend];
    route.onResponse = [...asArray(route.onResponse), onResponse];
  });
}
