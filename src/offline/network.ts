/**
 * Whether the app can reach the server, for readers, downloads, the outbox and search alike.
 * "Offline" is what the browser says (`navigator.onLine` and its `online`/`offline` events) or what
 * a probe of the server finds. A request that fails for want of a network only raises a suspicion:
 * the server is probed (a cheap GET) and, while the probes fail, again after 2 s, doubling up to
 * 1 min; the first answer ends the suspicion and tells `onServerSeen` listeners. The app counts as
 * offline only while the browser is offline or the last probe failed.
 *
 * The first probe of a suspicion goes at once, unless the last one ended less than a minute ago: a
 * server that answers probes but drops other requests would otherwise have its listeners retry in
 * a tight loop, so such a suspicion waits as the next failed probe would.
 */
import { useSyncExternalStore } from "react";
import { HEALTH_PATH } from "../../contract/health.ts";
import { type Clock, systemClock } from "./clock.ts";

export type NetworkState = {
  isOnline(): boolean;
  /** Told whenever `isOnline()` changes. */
  subscribe(listener: () => void): () => void;
  /** A request failed for want of a network: probe the server until it answers. */
  reportUnreachable(): void;
  /** A request got an answer: the server is reachable. */
  reportReachable(): void;
  /** Told when the server answers again after a suspicion (a probe or any request). */
  onServerSeen(listener: () => void): () => void;
  /** The reader asked to try again: a probe that waits goes now. */
  recheck(): void;
};

export type NetworkWindow = Pick<Window, "addEventListener"> & {
  navigator: Pick<Navigator, "onLine">;
  /** A hidden tab's timers are slowed: the next probe is not left waiting when it shows again. */
  document?: Pick<Document, "addEventListener" | "visibilityState">;
};

export type NetworkOptions = {
  /** Asks the server for an answer; true when it gave one. */
  probe(): Promise<boolean>;
  clock?: Clock;
};

export const PROBE_BASE_MS = 2_000;
export const PROBE_CAP_MS = 60_000;
const PROBE_TIMEOUT_MS = 10_000;

/** The wait after the `failures`-th failed probe in a row: 2 s, 4 s, … up to 1 min. */
export const probeDelayMs = (failures: number): number =>
  Math.min(PROBE_CAP_MS, PROBE_BASE_MS * 2 ** Math.max(0, failures - 1));

export function createNetworkState(win: NetworkWindow, options: NetworkOptions): NetworkState {
  const clock = options.clock ?? systemClock;
  let browserOnline = win.navigator.onLine;
  /** A request failed for want of a network and no answer has come since. */
  let suspected = false;
  /** The last probe got no answer. */
  let probeFailed = false;
  /** Probes failed in a row, and suspicions raised soon after the last one ended. */
  let failures = 0;
  let lastSeenAt = Number.NEGATIVE_INFINITY;
  let probing = false;
  let timer: unknown = null;
  const listeners = new Set<() => void>();
  const seenListeners = new Set<() => void>();

  const isOnline = () => browserOnline && !probeFailed;

  /** Applies a change of state, telling the listeners when `isOnline()` changed. */
  function change(apply: () => void) {
    const before = isOnline();
    apply();
    if (isOnline() !== before) for (const listener of listeners) listener();
  }

  function clearTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function probeLater() {
    clearTimer();
    timer = clock.setTimeout(() => {
      timer = null;
      probe();
    }, probeDelayMs(failures));
  }

  function stopProbing() {
    clearTimer();
    suspected = false;
    failures = 0;
  }

  function serverSeen() {
    if (!suspected) return;
    const level = failures;
    change(() => {
      stopProbing();
      probeFailed = false;
    });
    failures = level;
    lastSeenAt = clock.now();
    for (const listener of seenListeners) listener();
  }

  function probe() {
    if (probing || !suspected) return;
    clearTimer();
    probing = true;
    options.probe().then(
      (answered) => settle(answered),
      () => settle(false),
    );
  }

  function settle(answered: boolean) {
    probing = false;
    // The browser went offline or online meanwhile: its word replaced the suspicion.
    if (!suspected) return;
    if (answered) {
      serverSeen();
      return;
    }
    failures += 1;
    change(() => {
      probeFailed = true;
    });
    probeLater();
  }

  const browserSays = (online: boolean) =>
    change(() => {
      stopProbing();
      probeFailed = false;
      browserOnline = online;
    });
  win.addEventListener("online", () => browserSays(true));
  win.addEventListener("offline", () => browserSays(false));
  win.document?.addEventListener("visibilitychange", () => {
    if (win.document?.visibilityState === "visible") probe();
  });

  return {
    isOnline,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportUnreachable() {
      if (!browserOnline || suspected) return;
      suspected = true;
      if (clock.now() - lastSeenAt >= PROBE_CAP_MS) {
        failures = 0;
        probe();
        return;
      }
      failures += 1;
      probeLater();
    },
    reportReachable: serverSeen,
    recheck: probe,
    onServerSeen(listener) {
      seenListeners.add(listener);
      return () => seenListeners.delete(listener);
    },
  };
}

/** The browser's probe: any answer of the server's health route, past the HTTP cache. */
export async function probeServer(url = HEALTH_PATH, fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn(url, {
      cache: "no-store",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** True when a thrown error means the request never reached the server. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError || (error instanceof Error && error.name === "TimeoutError");

let shared: NetworkState | null = null;

/** The app's one network state (created on first use in the browser). */
export function networkState(): NetworkState {
  shared ??= createNetworkState(window, { probe: () => probeServer() });
  return shared;
}

export function useOnline(state: NetworkState = networkState()): boolean {
  return useSyncExternalStore(state.subscribe, state.isOnline, () => true);
}
