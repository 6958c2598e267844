/**
 * What the personal-messages tests drive and check: the user menu's unread counts, home's
 * new-message prompt, the "my feedback" list and its conversation drawer, and the messages tab.
 * The server side (a reader's feedback, an administrator's reply) goes through the API.
 */
import type { Page } from "playwright-core";
import { inject } from "vitest";

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

/** A feedback on the first reel of the first sutra of JS, sent by the reader. */
export async function sendFeedback(token: string, suggestion: string): Promise<number> {
  const sutras = await callApi<{ list: { reel_uids: [string, string][] }[] }>(
    token,
    "POST",
    "tripitaka/JS/sutra/list",
    {},
  );
  const reelUid = sutras.list[0]?.reel_uids[0]?.[0];
  if (!reelUid) throw new Error("no reel in JS");
  const reel = await callApi<{ sutra_uid: string; reel_uid: string }>(token, "GET", `reel/${reelUid}`);
  const feedback = await callApi<{ _id: number }>(token, "POST", "feedback/add", {
    question_type: "content_error",
    source: "by_reel",
    sutra_uid: reel.sutra_uid,
    reel_uid: reel.reel_uid,
    origin_text: "如是我聞",
    suggestion,
  });
  return feedback._id;
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
