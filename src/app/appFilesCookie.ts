/**
 * Tells the server that this browser has loaded the files of the running build, so that its next
 * pages ask for them at once instead of after the first paint (server/plugins/web-page.ts).
 */
import { APP_FILES_COOKIE, buildNameOf } from "../../contract/app-screens.ts";
import { keepPageCookie } from "../api/pageCookie.ts";

/** Kept about as long as a browser keeps a site's cached files. */
const COOKIE_DAYS = 30;

export function rememberAppFiles(doc: Document, entryPath: string): void {
  const name = buildNameOf(entryPath);
  if (name) keepPageCookie(doc, APP_FILES_COOKIE, name, COOKIE_DAYS);
}
