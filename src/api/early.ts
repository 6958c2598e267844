/**
 * Requests the entry starts before the app's code has loaded (src/app/routes/early.ts), so a
 * screen's first data travels beside its code. Each is taken once by the call that would have made
 * it; only a 200 answer is handed over, anything else (a 401 to refresh, a 404, a lost network) is
 * asked again through the API client, which knows what to do with it. The server may have put the
 * answer in the page itself (server/plugins/web.ts, `EARLY_ANSWER_ID`): then nothing is requested.
 */
import { EARLY_ANSWER_ID } from "../../contract/app-screens.ts";

const pending = new Map<string, Promise<Response | null>>();

export type EarlyHeaders = { token: string | null; timeZone: string };

/** The answer to `path` the page came with, if any. */
function answerInPage(doc: Document, path: string): Response | null {
  const element = doc.getElementById(EARLY_ANSWER_ID);
  if (!element || element.dataset.path !== path) return null;
  element.remove();
  return new Response(element.textContent, { status: 200, headers: { "content-type": "application/json" } });
}

/**
 * `path` is under /v1 with its query, as the API client would send it: `reel/TS0251_1?txt_type=std_txt`.
 * The headers are read only when a request is made (the time zone takes Intl a while to find).
 */
export function startEarlyGet(path: string, readHeaders: () => EarlyHeaders, doc: Document = document): void {
  const inPage = answerInPage(doc, path);
  if (inPage) {
    pending.set(path, Promise.resolve(inPage));
    return;
  }
  const headers = readHeaders();
  const sent: Record<string, string> = { Timezone: headers.timeZone };
  if (headers.token) sent.Authorization = `Bearer ${headers.token}`;
  const answer = fetch(`/v1/${path}`, { credentials: "include", headers: sent }).then(
    (response) => (response.status === 200 ? response : null),
    () => null,
  );
  pending.set(path, answer);
}

/** The early answer to `path`, once; null when none was started or it did not succeed. */
export function takeEarlyGet(path: string): Promise<Response | null> | null {
  const answer = pending.get(path);
  if (!answer) return null;
  pending.delete(path);
  return answer;
}
