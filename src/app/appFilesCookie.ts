/**
 * Tells the server that this browser has loaded the files of the running build, so that its next
 * pages ask for them at once instead of after the first paint (server/plugins/web-page.ts).
 */
import { APP_FILES_COOKIE, buildNameOf } from "../../contract/app-screens.ts";

const COOKIE_DAYS = 30;

export function rememberAppFiles(doc: Document, entryPath: string): void {
  const name = buildNameOf(entryPath);
  if (!name) return;
  const cookie = `${APP_FILES_COOKIE}=${name}`;
  if (doc.cookie.split("; ").includes(cookie)) return;
  doc.cookie = `${cookie}; Max-Age=${COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}
