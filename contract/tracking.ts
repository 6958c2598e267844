/**
 * Usage tracking (spec section 3, "Tracking payload"): `POST /v1/track` records one event in the
 * operation log, with the signed-in user when there is one. The body is JSON, sent as
 * `application/json` or, by `navigator.sendBeacon`, as `text/plain`.
 */
import { z } from "zod";
import { cleanText } from "./text-schemas.ts";
import { STAY_DURATION_KEY, TRACKING_EVENTS } from "./tracking-events.ts";

export const trackingEventSchema = z.enum(TRACKING_EVENTS);
export type { TrackingEvent } from "./tracking-events.ts";

export const trackingBody = z
  .object({
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
    /** Event details: the keyword of a search, the reel or page uid read, the stay a LEAVE ends. */
    extra: z
      .record(
        z.string().max(100).superRefine(cleanText("storable")),
        z.union([z.string().max(500).superRefine(cleanText("storable")), z.number(), z.boolean(), z.null()]),
      )
      .default({}),
  })
  .superRefine((body, ctx) => {
    if (body.event_id !== "LEAVE") return;
    const duration = body.extra[STAY_DURATION_KEY];
    if (typeof duration === "number" && Number.isSafeInteger(duration) && duration >= 0) return;
    ctx.addIssue({
      code: "custom",
      path: ["extra", STAY_DURATION_KEY],
      message: "a LEAVE event needs the stay in whole milliseconds",
    });
  });
export type TrackingPayload = z.infer<typeof trackingBody>;
