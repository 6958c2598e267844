/**
 * Usage tracking (spec section 3, "Tracking payload"): `POST /v1/track` records one event in the
 * operation log, with the signed-in user when there is one.
 */
import { z } from "zod";
import { TRACKING_EVENTS } from "./tracking-events.ts";

export const trackingEventSchema = z.enum(TRACKING_EVENTS);
export type { TrackingEvent } from "./tracking-events.ts";

export const trackingBody = z.object({
  anonymous_uuid: z.string().uuid(),
  tripitaka_uid: z
    .string()
    .regex(/^[A-Z]{1,4}$/)
    .nullable(),
  timezone: z.string().min(1).max(64),
  terminal: z.string().min(1).max(16),
  event_id: trackingEventSchema,
  url: z.string().min(1).max(2048),
  /** Event details: the keyword of a search, the reel or page uid read. */
  extra: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).default({}),
});
export type TrackingPayload = z.infer<typeof trackingBody>;
