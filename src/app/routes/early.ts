/**
 * What the entry starts for the address it opens on, before the app's code has loaded: on a reel,
 * the reel's text in the form the reader will ask for (first, so it is not queued behind the
 * code), then the screen's chunk (its imports are preloaded with it). The router and the screen
 * ask for the same module and request later and get what is already on its way.
 */
import { firstScreenOf, reelPath } from "../../../contract/app-screens.ts";
import { startEarlyGet } from "../../api/early.ts";
import { TOKEN_KEY } from "../../auth/authState.ts";
import { rememberReading } from "../../features/reader-reel/readingCookie.ts";
import { loadSettings, textTypeOfScript } from "../../features/reader-reel/readingSettings.ts";
import { rememberSearchLook } from "../../features/search/searchLookCookie.ts";
import { loadDarkTheme } from "../../theme/darkThemeLoad.ts";
import { NIGHT_READING_KEY } from "../../theme/themeState.ts";
import { storedScript } from "../shell/scriptChoice.ts";
import { askDeviceTimeZone, storedTimeZone } from "../shell/timeZone.ts";

function storedToken(storage: Storage): string | null {
  try {
    return storage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A signed-in reader with night reading on reads in the dark theme: its chunk comes with the code. */
function startNightReading(storage: Storage): void {
  if (storedToken(storage) && storage.getItem(NIGHT_READING_KEY) === "1") void loadDarkTheme();
}

/** The reel reader's settings on this device, as the reader starts with them. */
const firstReelSettings = (storage: Storage) =>
  loadSettings(storage, textTypeOfScript(storedScript(storage)));

/** The text form the reel reader will first ask for. */
export const firstReelTextType = (storage: Storage) => firstReelSettings(storage).textType;

function startReel(reelUid: string, win: Window, code: Promise<void>): void {
  const storage = win.localStorage;
  startNightReading(storage);
  const settings = firstReelSettings(storage);
  startEarlyGet(reelPath(reelUid, settings.textType), () => ({
    token: storedToken(storage),
    timeZone: storedTimeZone(storage) ?? askDeviceTimeZone(),
  }));
  rememberReading(win.document, settings);
  void code.then(() => import("./ReelScreen.tsx"));
}

/**
 * Never in the way: anything that fails here (storage refused) is done again by the app itself.
 * The screen's code is run once `code` resolves (its files are preloaded by the page already).
 */
export function startRouteEarly(pathname: string, win: Window, code: Promise<void>): void {
  try {
    rememberSearchLook(win.document, win.localStorage);
    const screen = firstScreenOf(pathname);
    if (screen?.kind === "reel") startReel(screen.reelUid, win, code);
    else if (screen?.kind === "page") {
      startNightReading(win.localStorage);
      void code.then(() => import("../../features/reader-page/PageScreen.tsx"));
    } else if (screen?.kind === "search")
      void code.then(() => import("../../features/search/SearchScreen.tsx"));
    else if (screen?.kind === "home") void code.then(() => import("./TripitakaScreen.tsx"));
  } catch {
    // The screen loads its code and data as it would without this head start.
  }
}
