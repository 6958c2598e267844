/**
 * What the entry starts for the address it opens on, before the app's code has loaded: on a reel,
 * the reel's text in the form the reader will ask for (first, so it is not queued behind the
 * code), then the screen's chunk (its imports are preloaded with it). The router and the screen
 * ask for the same module and request later and get what is already on its way.
 */
import { firstScreenOf, READING_TEXT_COOKIE, reelPath } from "../../../contract/app-screens.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { startEarlyGet } from "../../api/early.ts";
import { TOKEN_KEY } from "../../auth/authState.ts";
import { loadSettings, textTypeOfScript } from "../../features/reader-reel/readingSettings.ts";
import { storedScript } from "../shell/scriptChoice.ts";

const COOKIE_DAYS = 365;

function storedToken(storage: Storage): string | null {
  try {
    return storage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Tells the server which text form to put in the next reel page it serves (server/plugins/web.ts). */
function rememberTextType(doc: Document, txtType: TxtType): void {
  const cookie = `${READING_TEXT_COOKIE}=${txtType}`;
  if (doc.cookie.split("; ").includes(cookie)) return;
  doc.cookie = `${cookie}; Max-Age=${COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}

function startReel(reelUid: string, win: Window): void {
  const storage = win.localStorage;
  const textType = loadSettings(storage, textTypeOfScript(storedScript(storage))).textType;
  startEarlyGet(reelPath(reelUid, textType), () => ({
    token: storedToken(storage),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }));
  rememberTextType(win.document, textType);
  void import("./ReelScreen.tsx");
}

/** Never in the way: anything that fails here (storage refused) is done again by the app itself. */
export function startRouteEarly(pathname: string, win: Window): void {
  try {
    const screen = firstScreenOf(pathname);
    if (screen?.kind === "reel") startReel(screen.reelUid, win);
    else if (screen?.kind === "page") void import("../../features/reader-page/PageScreen.tsx");
    else if (screen?.kind === "search") void import("../../features/search/SearchScreen.tsx");
    else if (screen?.kind === "home") void import("./TripitakaScreen.tsx");
  } catch {
    // The screen loads its code and data as it would without this head start.
  }
}
