/**
 * Whether the browser can reach the server: `navigator.onLine` and its `online`/`offline` events,
 * plus what callers learn from requests (a fetch that fails with a TypeError never reached it).
 * Readers, downloads, the outbox and search all ask this one place.
 */
import { useSyncExternalStore } from "react";

export type NetworkState = {
  isOnline(): boolean;
  subscribe(listener: () => void): () => void;
  /** A request failed for want of a network: treat the app as offline until the next `online`. */
  reportUnreachable(): void;
  /** A request got an answer: the server is reachable again. */
  reportReachable(): void;
};

export function createNetworkState(
  win: Pick<Window, "addEventListener" | "removeEventListener"> & {
    navigator: Pick<Navigator, "onLine">;
  },
): NetworkState {
  let online = win.navigator.onLine;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === online) return;
    online = next;
    for (const listener of listeners) listener();
  };
  win.addEventListener("online", () => set(true));
  win.addEventListener("offline", () => set(false));
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportUnreachable: () => set(false),
    reportReachable: () => set(win.navigator.onLine),
  };
}

/** True when a thrown error means the request never reached the server. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError || (error instanceof Error && error.name === "TimeoutError");

let shared: NetworkState | null = null;

/** The app's one network state (created on first use in the browser). */
export function networkState(): NetworkState {
  shared ??= createNetworkState(window);
  return shared;
}

export function useOnline(state: NetworkState = networkState()): boolean {
  return useSyncExternalStore(state.subscribe, state.isOnline, () => true);
}
