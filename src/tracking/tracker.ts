/**
 * Usage tracking (spec sections 2 and 3): every route change is a BROWSE_PAGE event, and screens
 * record their own events (LOGIN, REGESTER, searches, reading). Events carry an anonymous id kept
 * in localStorage, the current tripitaka, the time zone and the terminal.
 *
 * A stay on a reel or a scanned page runs while the page is shown. It ends with one LEAVE event
 * carrying its length when the reader moves on, hides the tab or closes it; a tab shown again
 * starts a new stay on the same reel or page. LEAVE goes by beacon, which outlives the page.
 */

import type { TrackingPayload } from "../../contract/tracking.ts";
import { STAY_DURATION_KEY, TRACKING_TERMINAL, type TrackingEvent } from "../../contract/tracking-events.ts";
import { DEFAULT_TRIPITAKA } from "../../contract/tripitaka.ts";
import type { KeyValueStorage } from "../auth/authState.ts";

export const ANONYMOUS_ID_KEY = "canon-reader.anonymous-id";

export type TrackingExtra = TrackingPayload["extra"];

export type TrackerDeps = {
  storage: KeyValueStorage;
  send(payload: TrackingPayload): Promise<void>;
  /** Sends an event that must arrive even if the page is being closed. */
  beacon(payload: TrackingPayload): void;
  /** Milliseconds on a clock that never goes back. */
  now(): number;
  /** Whether the page is hidden now (another tab, a minimized window). */
  hidden(): boolean;
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
  /** Starts the stay on the reel or page at `url` (ending any other); `extra` names it in LEAVE. */
  stay(url: string, extra: TrackingExtra): Stay;
  /** The page was hidden or is being left: the stay ends now. */
  pageHidden(): void;
  /** The page is shown again: a new stay starts where the hidden one was. */
  pageShown(): void;
};

export type Stay = {
  /** The reader moved on: LEAVE, unless hiding the page has sent it already. */
  end(): void;
};

type OpenStay = {
  url: string;
  extra: TrackingExtra;
  /** When the running stay started; null while the page is hidden. */
  since: number | null;
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
  let open: OpenStay | null = null;

  const pathOf = (url: string): string => url.split(/[?#]/)[0] ?? url;

  function payloadOf(event: TrackingEvent, url: string, extra: TrackingExtra): TrackingPayload {
    anonymousId ??= storedAnonymousId(deps);
    const named = deps.tripitakaOf(pathOf(url));
    if (named) current = named;
    return {
      anonymous_uuid: anonymousId,
      tripitaka_uid: current,
      timezone: deps.timeZone(),
      terminal: TRACKING_TERMINAL,
      event_id: event,
      url: url.slice(0, 2048),
      extra,
    };
  }

  function track(event: TrackingEvent, url: string, extra: TrackingExtra = {}): void {
    void deps.send(payloadOf(event, url, extra));
  }

  function leave(stay: OpenStay): void {
    if (stay.since === null) return;
    const duration = Math.max(0, Math.round(deps.now() - stay.since));
    stay.since = null;
    deps.beacon(payloadOf("LEAVE", stay.url, { ...stay.extra, [STAY_DURATION_KEY]: duration }));
  }

  return {
    browse(url) {
      if (url === lastBrowsed) return;
      lastBrowsed = url;
      track("BROWSE_PAGE", url);
    },
    track,
    currentTripitaka: () => current,
    stay(url, extra) {
      if (open) leave(open);
      const started: OpenStay = { url, extra, since: deps.hidden() ? null : deps.now() };
      open = started;
      return {
        end() {
          if (open !== started) return;
          leave(started);
          open = null;
        },
      };
    },
    pageHidden() {
      if (open) leave(open);
    },
    pageShown() {
      if (open && open.since === null) open.since = deps.now();
    },
  };
}
