/**
 * What the personal-messages tests drive and check: the user menu's unread counts, home's
 * new-message prompt, the "my feedback" list and its conversation drawer, and the messages tab.
 * The reader sends the feedback from the reel reader; the administrator's reply goes through the API.
 */
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { SelectionMenu } from "./selection-menu.ts";

type Envelope<T> = { code: number; msg: string; result: T };

export async function callApi<T>(
  token: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { "content-type": "application/json", "idempotency-key": crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.result;
}

type ReelLines = { pages: { lines: { cid: string; text: string }[] }[] };

/**
 * A feedback sent as a reader sends it: on the first reel of the first sutra of JS, four
 * characters of a line selected, "feedback" chosen from the selection menu and the drawer filled
 * in. Answers the new feedback's id, read from the reader's list.
 */
export async function sendFeedbackFromReel(page: Page, token: string, suggestion: string): Promise<number> {
  const sutras = await callApi<{ list: { reel_uids: [string, string][] }[] }>(
    token,
    "POST",
    "tripitaka/JS/sutra/list",
    {},
  );
  const reelUid = sutras.list[0]?.reel_uids[0]?.[0];
  if (!reelUid) throw new Error("no reel in JS");
  const reel = await callApi<ReelLines>(token, "GET", `reel/${reelUid}?txt_type=std_txt`);
  const line = reel.pages
    .flatMap((p) => p.lines)
    .find((l) => l.text.length >= 8 && /^\p{Script=Han}+$/u.test(l.text));
  if (!line) throw new Error(`no line of eight characters in ${reelUid}`);
  await page.goto(`/scroll/${reelUid}`);
  await page.locator(`[data-reel-uid="${reelUid}"] [data-cid]`).first().waitFor();
  const menu = new SelectionMenu(page);
  await menu.placeLine(line.cid, 300);
  await menu.selectAndOpen(line.cid, 0, 4);
  await menu.action("feedback").click();
  const drawer = menu.feedbackDrawer;
  await drawer.waitFor();
  await drawer.getByText("标点错误").click();
  await drawer.locator('textarea[name="suggestion"]').fill(suggestion);
  await drawer.locator("[data-feedback-submit]").click();
  await page.locator("[data-feedback-thanks]").waitFor();
  const mine = await callApi<{ list: { _id: number; suggestion: string }[] }>(token, "GET", "feedbacks");
  const sent = mine.list.find((feedback) => feedback.suggestion === suggestion);
  if (!sent) throw new Error("the feedback sent from the reel is not in the reader's list");
  return sent._id;
}

/** A feedback on the first reel of the first sutra of JS, sent through the API; answers its id. */
export async function sendFeedbackByApi(token: string, suggestion: string): Promise<number> {
  const sutras = await callApi<{ list: { uid: string; reel_uids: [string, string][] }[] }>(
    token,
    "POST",
    "tripitaka/JS/sutra/list",
    {},
  );
  const sutra = sutras.list[0];
  const reelUid = sutra?.reel_uids[0]?.[0];
  if (!sutra || !reelUid) throw new Error("no reel in JS");
  const sent = await callApi<{ _id: number }>(token, "POST", "feedback/add", {
    question_type: "content_error",
    source: "by_reel",
    sutra_uid: sutra.uid,
    reel_uid: reelUid,
    suggestion,
  });
  return sent._id;
}

/**
 * The time `ms` as a clock in `timeZone` shows it, YYYY-MM-DD HH:mm:ss, worked out here without
 * the app's code (Swedish writes dates and times in that order).
 */
export function clockTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(ms);
}

export class PersonalMessages {
  constructor(readonly page: Page) {}

  async openUserMenu() {
    await this.page.locator("[data-user-menu]").click();
  }

  menuItem(tab: "myFeedback" | "myMsg") {
    return this.page.locator(`[data-menu-tab="${tab}"]`);
  }

  get prompt() {
    return this.page.locator("[data-new-message-prompt]");
  }

  feedbackRow(id: number) {
    return this.page.locator(`[data-feedback-row="${id}"]`);
  }

  get conversation() {
    return this.page.locator("[data-conversation-drawer]");
  }

  get messages() {
    return this.page.locator("[data-message]");
  }

  async reply(text: string) {
    await this.conversation.locator('textarea[name="content"]').fill(text);
    await this.conversation.locator("[data-reply-send]").click();
  }
}
