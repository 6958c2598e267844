import { describe, expect, it } from "vitest";
import type { MsgRemind } from "../../contract/messages.ts";
import {
  canContinue,
  checkReply,
  parseSutraFilter,
} from "../../src/features/personal/feedback/feedbackView.ts";
import { myFeedbackText } from "../../src/features/personal/feedback/text.ts";
import { decisionOf } from "../../src/features/personal/messages/messageView.ts";
import {
  createRemindStore,
  promptTargets,
  shouldPrompt,
} from "../../src/features/personal/messages/remind.ts";
import { requestOf, scopeOf } from "../../src/offline/outbox/ops.ts";

describe("the unread counts", () => {
  it("shares one request among concurrent refreshes and tells its listeners", async () => {
    let calls = 0;
    const answers: MsgRemind[] = [
      { my_msg_num: 2, feedback_msg_num: 1 },
      { my_msg_num: 0, feedback_msg_num: 1 },
    ];
    const store = createRemindStore(async () => answers[calls++] as MsgRemind);
    let heard = 0;
    store.subscribe(() => heard++);
    expect(store.get()).toBeNull();
    const [first, second] = await Promise.all([store.refresh(), store.refresh()]);
    expect(calls).toBe(1);
    expect(first).toEqual({ my_msg_num: 2, feedback_msg_num: 1 });
    expect(second).toBe(first);
    await store.refresh();
    expect(store.get()).toEqual({ my_msg_num: 0, feedback_msg_num: 1 });
    expect(heard).toBe(2);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it("keeps the last counts when a refresh fails", async () => {
    let fail = false;
    const store = createRemindStore(async () => {
      if (fail) throw new Error("offline");
      return { my_msg_num: 3, feedback_msg_num: 0 };
    });
    await store.refresh();
    fail = true;
    expect(await store.refresh()).toEqual({ my_msg_num: 3, feedback_msg_num: 0 });
    expect(store.get()).toEqual({ my_msg_num: 3, feedback_msg_num: 0 });
  });

  it("links the prompt to the tabs that have something unread", () => {
    expect(promptTargets(null)).toEqual([]);
    expect(promptTargets({ my_msg_num: 0, feedback_msg_num: 0 })).toEqual([]);
    expect(promptTargets({ my_msg_num: 1, feedback_msg_num: 0 })).toEqual(["myMsg"]);
    expect(promptTargets({ my_msg_num: 0, feedback_msg_num: 4 })).toEqual(["myFeedback"]);
    expect(promptTargets({ my_msg_num: 2, feedback_msg_num: 4 })).toEqual(["myMsg", "myFeedback"]);
  });

  it("prompts once for each sign-in", () => {
    expect(shouldPrompt(null, "token-a")).toBe(true);
    expect(shouldPrompt("token-a", "token-a")).toBe(false);
    expect(shouldPrompt("token-a", "token-b")).toBe(true);
    expect(shouldPrompt(null, null)).toBe(false);
  });
});

describe("an application decision in a message", () => {
  const message = (
    extra: Parameters<typeof decisionOf>[0]["extra"],
    msg_type: "system" | "friend" = "system",
  ) => ({
    msg_type,
    extra,
  });

  it("shows approval as success without a reason", () => {
    expect(decisionOf(message({ deal_status: "approved", deal_reason: "" }))).toEqual({
      status: "approved",
      reason: null,
    });
  });

  it("shows anything else as failure with the reason", () => {
    expect(decisionOf(message({ deal_status: "rejected", deal_reason: " 材料不全 " }))).toEqual({
      status: "rejected",
      reason: "材料不全",
    });
    expect(decisionOf(message({ deal_status: "rejected" }))).toEqual({ status: "rejected", reason: null });
  });

  it("is no decision for other messages", () => {
    expect(decisionOf(message({ feedback_id: 3 }))).toBeNull();
    expect(decisionOf(message({}))).toBeNull();
    expect(decisionOf(message({ deal_status: "approved" }, "friend"))).toBeNull();
  });
});

describe("my feedback", () => {
  it("reads sutra numbers from the filter", () => {
    expect(parseSutraFilter("")).toEqual([]);
    expect(parseSutraFilter(" JS0001 ")).toEqual(["JS0001"]);
    expect(parseSutraFilter("JS0001, TS0262，JS0001")).toEqual(["JS0001", "TS0262"]);
    expect(parseSutraFilter("JS0001 nonsense")).toBeNull();
  });

  it("checks a continuation: required, at most 500 characters, no control characters", () => {
    expect(checkReply("  ")).toBe(myFeedbackText.replyRequired);
    expect(checkReply("好".repeat(500))).toBeNull();
    expect(checkReply("𠀀".repeat(500))).toBeNull();
    expect(checkReply("好".repeat(501))).toBe(myFeedbackText.replyTooLong);
    expect(checkReply("a\u202eb")).toBe(myFeedbackText.replyChars);
    expect(checkReply("第一行\n第二行")).toBeNull();
  });

  it("takes no continuation once completed or refused", () => {
    expect(canContinue("submitted")).toBe(true);
    expect(canContinue("processing")).toBe(true);
    expect(canContinue("completed")).toBe(false);
    expect(canContinue("refused")).toBe(false);
  });
});

describe("a continuation written offline", () => {
  it("is sent as the reader's continue_feedback call and changes no local mirror", () => {
    const op = {
      kind: "feedback.continue",
      feedback_id: 42,
      body: { status: "pending", content: "另见卷二", attachment: null },
    } as const;
    expect(requestOf(op)).toEqual({
      method: "POST",
      path: "feedback/42/continue_feedback",
      body: { status: "pending", content: "另见卷二", attachment: null },
    });
    expect(scopeOf(op)).toBeNull();
  });
});
