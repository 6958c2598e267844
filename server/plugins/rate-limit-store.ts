/**
 * @fastify/rate-limit's counters in the `rate_limit_hit` table, so that every server process on
 * the database counts the same hits: a client spread over several processes by a load balancer
 * meets its limit at the same request as on one. A fixed window per route and client: the first
 * hit opens it, hits are added to it in one atomic upsert, and a hit after it ends opens the next.
 * Ended windows are deleted now and then.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database>;
type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Ended windows are deleted at most this often per process. */
export const RATE_LIMIT_PURGE_INTERVAL_MS = 60_000;

/** Adds one hit to the client's window on the route, opening a new window if it has ended. */
export async function countHit(
  db: Db,
  hit: { route: string; key: string; now: number; windowMs: number },
): Promise<Counted> {
  const { route, key, now, windowMs } = hit;
  const result = await sql<{ hits: number; expires_at: number }>`
    INSERT INTO rate_limit_hit (route, key, window_start, hits, expires_at)
    VALUES (${route}, ${key}, ${now}, 1, ${now + windowMs})
    ON CONFLICT (route, key) DO UPDATE SET
      hits = CASE WHEN rate_limit_hit.expires_at <= ${now} THEN 1 ELSE rate_limit_hit.hits + 1 END,
      window_start = CASE WHEN rate_limit_hit.expires_at <= ${now}
        THEN excluded.window_start ELSE rate_limit_hit.window_start END,
      expires_at = CASE WHEN rate_limit_hit.expires_at <= ${now}
        THEN excluded.expires_at ELSE rate_limit_hit.expires_at END
    RETURNING hits, expires_at`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error("the rate-limit upsert returned no row");
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.expires_at) - now) };
}

/** The client's hits in its open window on the route, without adding one. */
export async function readHits(db: Db, route: string, key: string, now: number): Promise<Counted> {
  const row = await db
    .selectFrom("rate_limit_hit")
    .select(["hits", "expires_at"])
    .where("route", "=", route)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return { current: 0, ttl: 0 };
  return { current: Number(row.hits), ttl: Number(row.expires_at) - now };
}

export async function deleteEndedWindows(db: Db, now: number): Promise<void> {
  await db.deleteFrom("rate_limit_hit").where("expires_at", "<=", now).execute();
}

type RouteInfo = { method?: string | string[]; url?: string };

/** The plugin hands each route's store its merged settings, the route among them as `routeInfo`. */
const routeName = (options: object): string => {
  const info = "routeInfo" in options ? (options.routeInfo as RouteInfo | undefined) : undefined;
  if (!info?.url) return "";
  const method = Array.isArray(info.method) ? info.method.join(",") : (info.method ?? "");
  return `${method}${info.url}`;
};

/**
 * The store class the plugin instantiates (it takes a class, so the database and the clock come
 * in through this closure). The plugin makes one child per limited route.
 */
export function databaseRateLimitStore(db: Db, now: () => number): FastifyRateLimitStoreCtor {
  const purge = { nextAt: Number.NEGATIVE_INFINITY };

  async function purgeEnded(at: number): Promise<void> {
    if (at < purge.nextAt) return;
    purge.nextAt = at + RATE_LIMIT_PURGE_INTERVAL_MS;
    await deleteEndedWindows(db, at);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    constructor(options: object) {
      this.route = routeName(options);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      purgeEnded(at)
        .then(() => countHit(db, { route: this.route, key, now: at, windowMs: timeWindow }))
        .then(
          (counted) => callback(null, counted),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    read(key: string, callback: Callback): void {
      readHits(db, this.route, key, now()).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
