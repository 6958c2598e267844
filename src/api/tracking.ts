/** Sends one tracking event; tracking never troubles the reader, so failures are dropped. */
import type { TrackingPayload } from "../../contract/tracking.ts";
import type { ApiClient } from "./client.ts";

export async function sendTrackingEvent(api: ApiClient, payload: TrackingPayload): Promise<void> {
  try {
    await api.http.post("track", { json: payload, keepalive: true });
  } catch {
    // Offline or refused: the event is not worth a retry.
  }
}
