/**
 * `POST /v1/track`: one tracking event for the operation log, signed in or not. The writer takes it
 * and the call answers at once; the event is written with the writer's next batch.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { trackingBody } from "../../../contract/tracking.ts";

/** Events per client address per minute; a reader browsing quickly stays far below it. */
const DEFAULT_TRACK_RATE_LIMIT = { max: 300, timeWindowMs: 60_000 };

export function registerTrackingRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const limit = app.deps.auth?.trackRateLimit ?? DEFAULT_TRACK_RATE_LIMIT;
  app.post(
    "/track",
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
      schema: {
        tags: ["tracking"],
        body: trackingBody,
        response: { 200: envelope(z.null()), 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      app.oplogWriter.record({
        ...request.body,
        user_id: request.user?.id ?? null,
        ip: request.ip,
        user_agent: request.headers["user-agent"] ?? "",
        created_at: app.auth.now(),
      });
      return ok(null);
    },
  );
}
