/**
 * Usage tracking (spec section 3, "Tracking payload"): `POST /v1/track` records one event in the
 * operation log, with the signed-in user when there is one.
 */
import { z } from "zod";
import { cleanText } from "./text-schemas.ts";
import { TRACKING_EVENTS } from "./tracking-events.ts";

export const trackingEventSchema = z.enum(TRACKING_EVENTS);
export type { TrackingEvent } from "./tracking-events.ts";

export const trackingBody = z.object({
  anonymous_uuid: z.string().uuid(),
  tripitaka_uid: z
    .string()
    .regex(/^[A-Z]{1,4}$/)
    .nullable(),
  /** An IANA time zone name (Asia/Shanghai) or a UTC offset (+08:00). */
  timezone: z.string().regex(/^[A-Za-z0-9_+:/-]{1,64}$/, "not a time zone"),
  terminal: z.string().min(1).max(16).superRefine(cleanText("single-line")),
  event_id: trackingEventSchema,
  url: z.string().min(1).max(2048).superRefine(cleanText("storable")),
  /** Event details: the keyword of a search, the reel or page uid read. */
  extra: z
    .record(
      z.string().max(100).superRefine(cleanText("storable")),
      z.union([z.string().max(500).superRefine(cleanText("storable")), z.number(), z.boolean(), z.null()]),
    )
    .default({}),
});
export type TrackingPayload = z.infer<typeof trackingBody>;
