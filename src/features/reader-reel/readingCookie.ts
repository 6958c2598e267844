/** The reel settings the server reads from a cookie to serve a reel's page (contract/app-screens.ts). */
import { READING_TEXT_COOKIE, readingCookieValue } from "../../../contract/app-screens.ts";
import { looksAsDefault, type ReadingSettings } from "./readingSettings.ts";

const COOKIE_DAYS = 365;

/**
 * Tells the server which text form to put in the next reel page it serves, and whether it may draw
 * it as the app will (server/plugins/web.ts).
 */
export function rememberReading(doc: Document, settings: ReadingSettings): void {
  const cookie = `${READING_TEXT_COOKIE}=${readingCookieValue(settings.textType, looksAsDefault(settings))}`;
  if (doc.cookie.split("; ").includes(cookie)) return;
  doc.cookie = `${cookie}; Max-Age=${COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}
