/**
 * Tells this process's caches when another process (or the importer) changed what they were built
 * from. Every cache checks a stamp in the database (a tripitaka's search index version, the stored
 * gaiji table's hash) before it answers; on PostgreSQL, triggers announce each change of those
 * stamps on the `cache_invalidation` channel (migration 0021), and one connection per process
 * listens. While it listens, an entry checked against its stamp is trusted without checking again
 * for a short while (`trustMs`), unless a notice about it arrives: a search then skips the stamp
 * query. A notice that is lost (the connection dropped, the server restarted) is covered by the
 * short trust: the entry is checked again when it runs out, and right away once the connection is
 * lost. On SQLite nothing is announced, so every use checks the stamp.
 */
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { CanonDb } from "../db/connect.ts";

export const CACHE_INVALIDATION_CHANNEL = "cache_invalidation";

/** What a cache knew when it last checked an entry's stamp. */
export type CacheMark = { topic: string; generation: number; epoch: number; at: number };

export type CacheInvalidation = {
  /** Take it before reading the stamp of `topic` ("<table>:<key>", as the triggers name it). */
  mark(topic: string): CacheMark;
  /** Whether the entry checked under `mark` may be used without checking its stamp again. */
  fresh(mark: CacheMark): boolean;
  /** Notices received about `topic` by this process. */
  received(topic: string): number;
  /** Whether the listening connection is open. */
  listening(): boolean;
};

export type CacheInvalidationSettings = {
  /** How long a checked entry is trusted while notices arrive (ms); 0 checks on every use. Default 2000. */
  trustMs?: number;
  /** The wait before a lost listening connection is opened again (ms), doubled up to a minute. Default 1000. */
  reconnectMs?: number;
  /** A monotonic clock in ms (default `performance.now`). */
  now?: () => number;
};

declare module "fastify" {
  interface FastifyInstance {
    cacheInvalidation: CacheInvalidation;
  }
}

const DEFAULT_TRUST_MS = 2_000;
const DEFAULT_RECONNECT_MS = 1_000;
const MAX_RECONNECT_MS = 60_000;

/** A process's listener; on SQLite it never listens, so nothing is ever trusted unchecked. */
export function createCacheInvalidation(
  canon: CanonDb,
  log: FastifyInstance["log"],
  settings: CacheInvalidationSettings = {},
): CacheInvalidation & { start(): Promise<void>; close(): Promise<void> } {
  const now = settings.now ?? (() => performance.now());
  const trustMs = settings.trustMs ?? DEFAULT_TRUST_MS;
  const firstWait = settings.reconnectMs ?? DEFAULT_RECONNECT_MS;
  const generations = new Map<string, number>();
  // Counts the listening connection's openings and losses: a mark from another epoch may have
  // missed a notice.
  let epoch = 0;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let wait = firstWait;

  const generation = (topic: string): number => generations.get(topic) ?? 0;

  function lost(current: pg.Client, error?: Error): void {
    if (client !== current) return;
    client = null;
    epoch++;
    current.removeAllListeners("notification");
    current.end().catch(() => undefined);
    if (closed) return;
    log.warn(
      { err: error },
      "the cache-invalidation connection was lost; caches check their stamps until it is back",
    );
    schedule();
  }

  function schedule(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
    wait = Math.min(wait * 2, MAX_RECONNECT_MS);
  }

  async function connect(): Promise<void> {
    if (closed || canon.config.kind !== "postgres") return;
    const next = new pg.Client({
      connectionString: canon.config.url,
      application_name: "canon-cache-invalidation",
    });
    next.on("notification", (message) => {
      if (message.channel !== CACHE_INVALIDATION_CHANNEL || !message.payload) return;
      generations.set(message.payload, generation(message.payload) + 1);
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_INVALIDATION_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => undefined);
      log.warn({ err: error }, "could not listen for cache invalidations; caches check their stamps");
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    epoch++;
    wait = firstWait;
  }

  return {
    mark: (topic) => ({ topic, generation: generation(topic), epoch, at: now() }),
    fresh: (mark) =>
      client !== null &&
      mark.epoch === epoch &&
      generation(mark.topic) === mark.generation &&
      now() - mark.at < trustMs,
    received: generation,
    listening: () => client !== null,
    start: connect,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const current = client;
      client = null;
      epoch++;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** Decorates the app with `cacheInvalidation`, listening from start until the app closes. */
export async function registerCacheInvalidation(
  app: FastifyInstance,
  canon: CanonDb,
  settings?: CacheInvalidationSettings,
): Promise<void> {
  const invalidation = createCacheInvalidation(canon, app.log, settings);
  await invalidation.start();
  app.decorate("cacheInvalidation", {
    mark: invalidation.mark,
    fresh: invalidation.fresh,
    received: invalidation.received,
    listening: invalidation.listening,
  });
  app.addHook("onClose", () => invalidation.close());
}
