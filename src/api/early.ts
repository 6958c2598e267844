/**
 * Requests the entry starts before the app's code has loaded (src/app/routes/early.ts), so a
 * screen's first data travels beside its code. Each is taken once by the call that would have made
 * it; only a 200 answer is handed over, anything else (a 401 to refresh, a 404, a lost network) is
 * asked again through the API client, which knows what to do with it. The server may have put the
 * answer in the page itself (server/plugins/web.ts, `EARLY_ANSWER_ID`): then nothing is requested.
 * Every page the server sends also holds the tripitaka list (`EARLY_TRIPITAKAS_ID`).
 */
import { EARLY_ANSWER_ID, EARLY_TRIPITAKAS_ID, TRIPITAKAS_PATH } from "../../contract/app-screens.ts";

const pending = new Map<string, Promise<Response | null>>();

export type EarlyHeaders = { token: string | null; timeZone: string };

function elementInPage(doc: Document, id: string, path: string): HTMLElement | null {
  const element = doc.getElementById(id);
  return element && element.dataset.path === path ? element : null;
}

/** The answer to `path` the page came with in element `id`, if any; taken once. */
function answerInPage(doc: Document, path: string, id = EARLY_ANSWER_ID): Response | null {
  const element = elementInPage(doc, id, path);
  if (!element) return null;
  element.remove();
  return new Response(element.textContent, { status: 200, headers: { "content-type": "application/json" } });
}

/** The answer to `path` (not a GET: a search, contract/app-screens.ts) the page came with, once; null when none. */
export const takeAnswerInPage = (
  path: string,
  doc: Document | undefined = globalThis.document,
): Response | null => (doc ? answerInPage(doc, path) : null);

/** The tripitaka list's answer the page came with, once; null when it has none. */
export const takeTripitakasInPage = (doc: Document | undefined = globalThis.document): Response | null =>
  doc ? answerInPage(doc, TRIPITAKAS_PATH, EARLY_TRIPITAKAS_ID) : null;

/** The `result` of the tripitaka list's answer in the page, read without taking it; null when none. */
export function tripitakasInPage(doc: Document): unknown[] | null {
  const text = elementInPage(doc, EARLY_TRIPITAKAS_ID, TRIPITAKAS_PATH)?.textContent;
  if (!text) return null;
  try {
    const answer: unknown = JSON.parse(text);
    const result =
      typeof answer === "object" && answer !== null ? (answer as { result?: unknown }).result : null;
    return Array.isArray(result) ? result : null;
  } catch {
    return null;
  }
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
