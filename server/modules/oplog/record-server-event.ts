/**
 * Events the server records itself for a request (a search's first page: FULLTEXT_SEARCH,
 * CHAR_SEARCH, CHAR_TYPE_SEARCH, PUB_NOTE_SEARCH, PERSON_SEARCH), with the reader, address,
 * browser and time zone of that request, so a search is counted once however the client was built.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { TRACKING_TERMINAL, type TrackingEvent } from "../../../contract/tracking-events.ts";

export function recordServerEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  event: {
    tripitakaUid: string;
    eventId: TrackingEvent;
    extra: Record<string, string | number | boolean | null>;
  },
): void {
  const timezone = request.headers.timezone;
  app.oplogWriter.record({
    anonymous_uuid: "",
    tripitaka_uid: event.tripitakaUid,
    timezone: typeof timezone === "string" ? timezone.slice(0, 64) : "",
    terminal: TRACKING_TERMINAL,
    event_id: event.eventId,
    url: request.url,
    extra: event.extra,
    user_id: request.user?.id ?? null,
    ip: request.ip,
    user_agent: request.headers["user-agent"] ?? "",
    created_at: app.auth.now(),
  });
}
