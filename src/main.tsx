/**
 * Entry of the web app, kept small so it runs as soon as it arrives: picks the interface language
 * (the `lang` cookie, else the browser's, else simplified Chinese) and starts loading its
 * catalogue, starts what the address it opens on needs (its screen's code and first data, see
 * app/routes/early.ts), and loads the app itself (app/start.tsx), all at once; the code, and on a
 * page the server drew the fetching of all but the entry, once that drawing is painted
 * (app/drawnPaint.ts).
 */
import { setupI18n } from "@lingui/core";
import { afterDrawnPaint, releaseAfterPaint } from "./app/drawnPaint.ts";
import { startRouteEarly } from "./app/routes/early.ts";
import { activateLocale } from "./i18n/activate.ts";
import { pickLocale } from "./i18n/locale.ts";

const painted = afterDrawnPaint(document, window).then(() => releaseAfterPaint(document, window));
startRouteEarly(window.location.pathname, window, painted);
const i18n = setupI18n();
const localeReady = activateLocale(i18n, pickLocale(document.cookie, navigator.languages));
// The app's start runs in a task after the one that evaluated its code: one long task would be two.
void painted
  .then(() => import("./app/start.tsx"))
  .then((app) => new Promise<typeof app>((resolve) => window.setTimeout(() => resolve(app), 0)))
  .then(({ startApp }) => startApp(i18n, localeReady, new URL(import.meta.url).pathname));
