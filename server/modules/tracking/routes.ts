/**
 * `POST /v1/track`: one tracking event for the operation log, signed in or not. The writer takes it
 * and the call answers at once; the event is written with the writer's next batch.
 *
 * The body is JSON as `application/json`, or as `text/plain` the way `navigator.sendBeacon` sends a
 * string (LEAVE, sent as the reader leaves the page). A beacon carries no Bearer token, so without
 * one the event is the user's whose sign-in the refresh cookie holds.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { trackingBody } from "../../../contract/tracking.ts";
import { refreshCookie } from "../auth/session-cookie.ts";
import { refreshTokenOwner } from "../auth/sessions.ts";

/** Events per client address per minute; a reader browsing quickly stays far below it. */
const DEFAULT_TRACK_RATE_LIMIT = { max: 300, timeWindowMs: 60_000 };
const JSON_TYPE = "application/json";
const BEACON_TYPE = "text/plain";

export function registerTrackingRoutes(parent: FastifyInstance): void {
  // A scope of its own: text bodies are refused everywhere else (plugins/error-handler.ts).
  void parent.register(async (scope) => {
    scope.addContentTypeParser(
      BEACON_TYPE,
      { parseAs: "string" },
      scope.getDefaultJsonParser("error", "error"),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const limit = app.deps.auth?.trackRateLimit ?? DEFAULT_TRACK_RATE_LIMIT;
    app.post(
      "/track",
      {
        config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
        schema: {
          tags: ["tracking"],
          consumes: [JSON_TYPE, BEACON_TYPE],
          body: trackingBody,
          response: { 200: envelope(z.null()), 400: errorEnvelope, 415: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        const cookie = request.user ? undefined : refreshCookie(request);
        const userId = request.user?.id ?? (cookie ? await refreshTokenOwner(app.auth, cookie) : null);
        app.oplogWriter.record({
          ...request.body,
          user_id: userId,
          ip: request.ip,
          user_agent: request.headers["user-agent"] ?? "",
          created_at: app.auth.now(),
        });
        return ok(null);
      },
    );
  });
}
