/**
 * Entry of the web app, kept small so it runs as soon as it arrives: picks the interface language
 * (the `lang` cookie, else the browser's, else simplified Chinese) and starts loading its
 * catalogue, starts what the address it opens on needs (its screen's code and first data, see
 * app/routes/early.ts), and loads the app itself (app/start.tsx), all at once.
 */
import { setupI18n } from "@lingui/core";
import { startRouteEarly } from "./app/routes/early.ts";
import { activateLocale } from "./i18n/activate.ts";
import { pickLocale } from "./i18n/locale.ts";

startRouteEarly(window.location.pathname, window);
const i18n = setupI18n();
const localeReady = activateLocale(i18n, pickLocale(document.cookie, navigator.languages));
void import("./app/start.tsx").then(({ startApp }) => startApp(i18n, localeReady));
