import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  distinctFontChars,
  dynamicFontParams,
  dynamicFontQuery,
  MAX_FONT_CHARS,
} from "../../../contract/fonts.ts";
import { addressKey } from "../../client-address.ts";
import { ApiError } from "../../errors.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
import { createFontSubsetter } from "./font-subsetter.ts";
import { createSubsetPool, defaultSubsetPoolSettings, SubsetBusy, type SubsetPool } from "./subset-pool.ts";

/** How the dynamic font is built and guarded; every field has a default. */
export type FontSettings = {
  /** Worker threads that subset fonts; default one fewer than the cores, at least one. */
  subsetWorkers?: number;
  /** Subset jobs that may wait for a worker before requests are refused with 503. */
  subsetQueueLimit?: number;
  /** Subset jobs one client address may have running or waiting; one more is refused with 503. */
  subsetPerClient?: number;
  /** A request whose subset other addresses' subsets would keep waiting longer is refused with 503. */
  subsetMaxWaitMs?: number;
  /** Font requests per window and client address. */
  rateLimit?: { max: number; timeWindowMs: number };
};

declare module "fastify" {
  interface FastifyInstance {
    /** The worker threads behind `char/dynamic_font`. */
    fontSubsetPool: SubsetPool;
  }
}

/**
 * Font requests per client address per minute. A page of text asks a few batches of 500 chars and
 * a repeated batch is answered from the cache, so a reader stays far below it.
 */
const DEFAULT_FONT_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 };

/** Starts the subset pool on the root instance (workers start with the first job); closes it with the app. */
export function registerFontSubsetPool(app: FastifyInstance): void {
  const settings = app.deps.fonts;
  const defaults = defaultSubsetPoolSettings();
  const pool = createSubsetPool({
    workers: settings?.subsetWorkers ?? defaults.workers,
    queueLimit: settings?.subsetQueueLimit ?? defaults.queueLimit,
    perClientLimit: settings?.subsetPerClient ?? defaults.perClientLimit,
    maxWaitMs: settings?.subsetMaxWaitMs ?? defaults.maxWaitMs,
  });
  app.decorate("fontSubsetPool", pool);
  app.addHook("onClose", async () => pool.close());
}

/** `GET /tripitaka/:tripitaka_uid/char/dynamic_font`: a WOFF2 subset holding the requested chars. */
export function registerFontRoutes(app: FastifyInstance): void {
  const { canon, fontFiles, storage } = app.deps;
  const subsetter = createFontSubsetter({ fontFiles, storage, pool: app.fontSubsetPool });
  const limit = app.deps.fonts?.rateLimit ?? DEFAULT_FONT_RATE_LIMIT;

  app.withTypeProvider<ZodTypeProvider>().get(
    "/tripitaka/:tripitaka_uid/char/dynamic_font",
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
      schema: {
        tags: ["chars"],
        description:
          `A WOFF2 font holding the requested chars (at most ${MAX_FONT_CHARS} distinct ones; more answer ` +
          "400). A subset built before is answered from the cache. A new one is built on a shared pool " +
          "where every client address takes turns: 503 with Retry-After answers a request whose address " +
          "already has its share of subsets in progress, or whose subset other addresses' subsets would " +
          "keep waiting more than about a second.",
        params: dynamicFontParams,
        querystring: dynamicFontQuery,
      },
    },
    async (request, reply) => {
      const uid = request.params.tripitaka_uid;
      await requireTripitaka(canon.db, uid);
      if (fontFiles.length === 0) throw new ApiError(503, "no font files are configured");
      let font: Buffer;
      try {
        font = await subsetter.subset(distinctFontChars(request.query.chars), addressKey(request.ip));
      } catch (error) {
        if (!(error instanceof SubsetBusy)) throw error;
        reply.header("retry-after", String(error.retryAfterSeconds));
        throw new ApiError(503, error.message);
      }
      return reply
        .type("font/woff2")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(font);
    },
  );
}
