/** The reel settings the server reads from a cookie to serve a reel's page (contract/app-screens.ts). */
import { READING_TEXT_COOKIE, readingCookieValue } from "../../../contract/app-screens.ts";
import { keepPageCookie } from "../../api/pageCookie.ts";
import { looksAsDefault, type ReadingSettings } from "./readingSettings.ts";

/**
 * Tells the server which text form to put in the next reel page it serves, and whether it may draw
 * it as the app will (server/plugins/web.ts).
 */
export function rememberReading(doc: Document, settings: ReadingSettings): void {
  keepPageCookie(doc, READING_TEXT_COOKIE, readingCookieValue(settings.textType, looksAsDefault(settings)));
}
