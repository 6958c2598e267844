/**
 * Usage tracking (spec sections 2 and 3): every route change is a BROWSE_PAGE event, and screens
 * record their own events (LOGIN, REGESTER, searches, reading). Events carry an anonymous id kept
 * in localStorage, the current tripitaka, the time zone and the terminal.
 */

import type { TrackingPayload } from "../../contract/tracking.ts";
import { TRACKING_TERMINAL, type TrackingEvent } from "../../contract/tracking-events.ts";
import { DEFAULT_TRIPITAKA } from "../../contract/tripitaka.ts";
import type { KeyValueStorage } from "../auth/authState.ts";

export const ANONYMOUS_ID_KEY = "canon-reader.anonymous-id";

export type TrackingExtra = TrackingPayload["extra"];

export type TrackerDeps = {
  storage: KeyValueStorage;
  send(payload: TrackingPayload): Promise<void>;
  timeZone(): string;
  newId(): string;
  /** The tripitaka a path is about, or null (see guards.tripitakaOfPath). */
  tripitakaOf(path: string): string | null;
};

export type Tracker = {
  /** Records a route change; the same address twice in a row is one visit. */
  browse(url: string): void;
  track(event: TrackingEvent, url: string, extra?: TrackingExtra): void;
  /** The tripitaka of the latest visited path that named one. */
  currentTripitaka(): string;
};

function storedAnonymousId(deps: TrackerDeps): string {
  try {
    const stored = deps.storage.getItem(ANONYMOUS_ID_KEY);
    if (stored) return stored;
    const fresh = deps.newId();
    deps.storage.setItem(ANONYMOUS_ID_KEY, fresh);
    return fresh;
  } catch {
    return deps.newId();
  }
}

export function createTracker(deps: TrackerDeps): Tracker {
  let anonymousId: string | null = null;
  let current = DEFAULT_TRIPITAKA as string;
  let lastBrowsed: string | null = null;

  const pathOf = (url: string): string => url.split(/[?#]/)[0] ?? url;

  function track(event: TrackingEvent, url: string, extra: TrackingExtra = {}): void {
    anonymousId ??= storedAnonymousId(deps);
    const named = deps.tripitakaOf(pathOf(url));
    if (named) current = named;
    void deps.send({
      anonymous_uuid: anonymousId,
      tripitaka_uid: current,
      timezone: deps.timeZone(),
      terminal: TRACKING_TERMINAL,
      event_id: event,
      url: url.slice(0, 2048),
      extra,
    });
  }

  return {
    browse(url) {
      if (url === lastBrowsed) return;
      lastBrowsed = url;
      track("BROWSE_PAGE", url);
    },
    track,
    currentTripitaka: () => current,
  };
}
