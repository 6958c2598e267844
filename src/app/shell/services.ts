/**
 * The app's long-lived services (sign-in state, API client, notices, theme preference), created
 * once in app/start.tsx from the browser's storage and handed down through React and router context.
 */
import { createContext, useContext } from "react";
import type { Tripitaka } from "../../../contract/canon.ts";
import { logout as callLogout } from "../../api/accounts.ts";
import { type ApiClient, createApiClient } from "../../api/client.ts";
import { tripitakasInPage } from "../../api/early.ts";
import { type ApiEvents, createEmitter, type Emitter } from "../../api/events.ts";
import { beaconTrackingEvent, sendTrackingEvent } from "../../api/tracking.ts";
import { type AuthStore, createAuthStore, type KeyValueStorage } from "../../auth/authState.ts";
import { createLogout } from "../../auth/logout.ts";
import { networkState } from "../../offline/network.ts";
import { createLazyOutbox, type Outbox } from "../../offline/outbox/lazyOutbox.ts";
import { fetchTripitakas } from "../../offline/reading/reading.ts";
import { createThemeStore, type ThemeStore } from "../../theme/themeState.ts";
import { createTracker, type Tracker } from "../../tracking/tracker.ts";
import { tripitakaOfPath } from "../routes/guards.ts";
import { askDeviceTimeZone, createTimeZoneReader } from "./timeZone.ts";

/** How long after the start the time zone is asked of Intl again. */
const TIME_ZONE_CHECK_DELAY_MS = 5_000;

export type AppServices = {
  auth: AuthStore;
  api: ApiClient;
  events: Emitter<ApiEvents>;
  theme: ThemeStore;
  /** Where the guards keep the page to return to after signing in. */
  session: KeyValueStorage;
  /** The tripitaka list, fetched once and shared (page titles, home); offline, the last one fetched. */
  tripitakas(): Promise<Tripitaka[]>;
  /** The tripitaka list when known without waiting (the page came with it, or it has arrived). */
  knownTripitakas(): Tripitaka[] | null;
  tracker: Tracker;
  /** Signs out: home first by `goHome` when given, else by loading `/` after 1 s; false when throttled. */
  logout(goHome?: () => Promise<void>): Promise<boolean>;
  /** The reader's own writes, kept on this device until the server has them. */
  outbox: Outbox;
  /** The reader's IANA time zone: sent as the API's `Timezone` header, and every time shown is in it. */
  timeZone(): string;
};

export function createServices(win: Window): AppServices {
  const timeZone = createTimeZoneReader({
    now: () => Date.now(),
    ask: askDeviceTimeZone,
    storage: win.localStorage,
    later: (work) => win.setTimeout(work, TIME_ZONE_CHECK_DELAY_MS),
  });
  const auth = createAuthStore(win.localStorage);
  const events = createEmitter<ApiEvents>();
  const api = createApiClient({
    prefixUrl: "/v1",
    tokens: auth,
    events,
    timeZone,
  });
  let tripitakaList: Promise<Tripitaka[]> | null = null;
  let knownTripitakas = tripitakasInPage(win.document) as Tripitaka[] | null;
  const tracker = createTracker({
    storage: win.localStorage,
    // Sent in a task of its own: a visit's first event is recorded as the first screen renders.
    send: (payload) =>
      new Promise<void>((resolve) => {
        win.setTimeout(() => void sendTrackingEvent(api, payload).finally(resolve), 0);
      }),
    beacon: (payload) => {
      if (!beaconTrackingEvent(win.navigator, payload)) void sendTrackingEvent(api, payload);
    },
    now: () => win.performance.now(),
    hidden: () => win.document.visibilityState === "hidden",
    timeZone,
    newId: () => win.crypto.randomUUID(),
    tripitakaOf: tripitakaOfPath,
  });
  watchPageVisibility(win, tracker);
  const logout = createLogout({
    callLogout: () => callLogout(api),
    clearSession: () => auth.clear(),
    goHome: () => win.location.assign("/"),
    now: () => Date.now(),
    later: (run, ms) => void win.setTimeout(run, ms),
  });
  const outbox = createLazyOutbox({
    api,
    auth,
    events,
    network: networkState(),
    ...(win.navigator.locks ? { locks: win.navigator.locks } : {}),
    ...(win.navigator.serviceWorker ? { serviceWorker: win.navigator.serviceWorker } : {}),
    visibility: win.document,
  });
  outbox.startWhenSignedIn();
  return {
    outbox,
    timeZone,
    tracker,
    logout,
    auth,
    api,
    events,
    theme: createThemeStore(win.localStorage),
    session: win.sessionStorage,
    tripitakas() {
      tripitakaList ??= fetchTripitakas(api).then(
        (list) => {
          knownTripitakas = list;
          return list;
        },
        (error: unknown) => {
          tripitakaList = null;
          throw error;
        },
      );
      return tripitakaList;
    },
    knownTripitakas: () => knownTripitakas,
  };
}

/**
 * Hiding or leaving the page ends the reader's stay; showing it again, or bringing it back from the
 * back-forward cache, starts a new one.
 */
function watchPageVisibility(win: Window, tracker: Tracker): void {
  win.document.addEventListener("visibilitychange", () => {
    if (win.document.visibilityState === "hidden") tracker.pageHidden();
    else tracker.pageShown();
  });
  win.addEventListener("pagehide", () => tracker.pageHidden());
  win.addEventListener("pageshow", () => {
    if (win.document.visibilityState === "visible") tracker.pageShown();
  });
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices outside ServicesContext");
  return services;
}
