/**
 * Hash navigation of the placeholder app: `#/` (home), `#/JS` (a tripitaka's sutras) and
 * `#/reel/TS0251_1` (a reel). The real router comes with the real web app.
 */
import { useSyncExternalStore } from "react";
import { isReelUid, isTripitakaUid } from "../../contract/ids.ts";

export type Route =
  | { view: "home"; tripitakaUid: string | null }
  | { view: "reel"; reelUid: string }
  | { view: "notFound" };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, "")
    .split("/")
    .filter((part) => part !== "")
    .map((part) => decodeURIComponent(part));
  if (parts.length === 0) return { view: "home", tripitakaUid: null };
  const [first, second] = parts;
  if (parts.length === 1 && first && isTripitakaUid(first)) return { view: "home", tripitakaUid: first };
  if (parts.length === 2 && first === "reel" && second && isReelUid(second)) {
    return { view: "reel", reelUid: second };
  }
  return { view: "notFound" };
}

export const tripitakaHref = (uid: string): string => `#/${encodeURIComponent(uid)}`;
export const reelHref = (uid: string): string => `#/reel/${encodeURIComponent(uid)}`;

function subscribe(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/** The current route, re-rendered on every hash change. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
