/**
 * The first screen's data, loaded while the app starts so that its first render shows it: on a
 * reel, the reel (which the entry has already asked for, or the page holds, see early.ts); on the
 * search page, the server's answer. The start waits for it a short while at most; data slower
 * than that arrives as on any later visit.
 */
import { firstScreenOf, pathSegments } from "../../../contract/app-screens.ts";
import type { AppServices } from "../shell/services.ts";
import { firstReelTextType } from "./early.ts";

/** How long the first render waits for the first screen's data. */
export const FIRST_DATA_WAIT_MS = 250;

export type FirstScreenStart = {
  services: AppServices;
  win: Window;
  /** Settles once the address is resolved and the interface language is active. */
  routed: Promise<unknown>;
  /** The resolved address's checked query. */
  routeSearch(): Record<string, unknown>;
  locale(): string;
};

function startLoading(start: FirstScreenStart): Promise<unknown> | null {
  const { services, win } = start;
  const screen = firstScreenOf(win.location.pathname);
  if (screen?.kind === "reel")
    return import("./ReelScreen.tsx").then(({ loadReelAhead }) =>
      loadReelAhead(services.api, screen.reelUid, firstReelTextType(win.localStorage)),
    );
  const tripitakaUid = pathSegments(win.location.pathname)[0];
  if (screen?.kind === "search" && tripitakaUid)
    return Promise.all([start.routed, import("../../features/search/SearchScreen.tsx")]).then(
      ([, { loadSearchAhead }]) =>
        loadSearchAhead({
          api: services.api,
          tripitakaUid,
          search: start.routeSearch(),
          locale: start.locale(),
          signedIn: services.auth.state().signedIn,
          storage: win.localStorage,
        }),
    );
  return null;
}

export function loadFirstScreenData(start: FirstScreenStart): Promise<void> {
  const loading = startLoading(start);
  if (!loading) return Promise.resolve();
  const loaded = loading.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([
    loaded,
    new Promise<void>((resolve) => start.win.setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
}
