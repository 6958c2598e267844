/**
 * The first screen's data, loaded while the app starts so that its first render shows it: on a
 * reel, the reel (which the entry has already asked for, or the page holds, see early.ts). The
 * start waits for it a short while at most; a reel slower than that arrives as on any later visit.
 */
import { firstScreenOf } from "../../../contract/app-screens.ts";
import type { AppServices } from "../shell/services.ts";
import { firstReelTextType } from "./early.ts";

/** How long the first render waits for the first screen's data. */
export const FIRST_DATA_WAIT_MS = 250;

export function loadFirstScreenData(services: AppServices, win: Window): Promise<void> {
  const screen = firstScreenOf(win.location.pathname);
  if (screen?.kind !== "reel") return Promise.resolve();
  const loaded = import("./ReelScreen.tsx")
    .then(({ loadReelAhead }) =>
      loadReelAhead(services.api, screen.reelUid, firstReelTextType(win.localStorage)),
    )
    .then(
      () => undefined,
      () => undefined,
    );
  return Promise.race([loaded, new Promise<void>((resolve) => win.setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}
