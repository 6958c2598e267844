/** Sends tracking events; tracking never troubles the reader, so failures are dropped. */
import type { TrackingPayload } from "../../contract/tracking.ts";
import type { ApiClient } from "./client.ts";

const TRACK_URL = "/v1/track";

export async function sendTrackingEvent(api: ApiClient, payload: TrackingPayload): Promise<void> {
  try {
    await api.http.post("track", { json: payload, keepalive: true });
  } catch {
    // Offline or refused: the event is not worth a retry.
  }
}

/**
 * Queues one event with `navigator.sendBeacon`, which delivers it after the page is gone (as
 * text/plain: a JSON type would need the browser's permission first). False when the browser
 * would not take it.
 */
export function beaconTrackingEvent(
  navigator: Pick<Navigator, "sendBeacon">,
  payload: TrackingPayload,
): boolean {
  try {
    return navigator.sendBeacon(TRACK_URL, JSON.stringify(payload));
  } catch {
    return false;
  }
}
