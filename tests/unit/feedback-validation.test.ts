import { describe, expect, it } from "vitest";
import type { Feedback, FeedbackAddRequest } from "../../contract/feedback-schemas.ts";
import { feedbackErrors as e, feedbackText } from "../../src/features/feedback/messages.ts";
import { type FeedbackTarget, submitFeedback } from "../../src/features/feedback/submitFeedback.ts";
import {
  checkFeedbackImage,
  checkQuestionType,
  checkSuggestion,
} from "../../src/features/feedback/validation.ts";

const MB = 1024 * 1024;

describe("the feedback form's rules", () => {
  it.each([
    ["", e.questionTypeRequired],
    ["typo", e.questionTypeRequired],
    ["content_error", null],
    ["content_missing", null],
    ["punctuation_error", null],
    ["other", null],
  ])("question type %j gives %j", (value, expected) => {
    expect(checkQuestionType(value)).toEqual(expected);
  });

  it.each([
    ["", e.suggestionRequired],
    ["   ", e.suggestionRequired],
    ["字".repeat(500), null],
    [` ${"字".repeat(500)} `, null],
    ["𠀀".repeat(500), null],
    ["字".repeat(501), e.suggestionTooLong],
    ["第一行\n第二行", null],
    ["经文\u202E文经", e.suggestionChars],
    ["经文\u0000", e.suggestionChars],
  ])("suggestion %#", (value, expected) => {
    expect(checkSuggestion(value)).toEqual(expected);
  });

  it.each([
    [null, null],
    [{ name: "shot.png", type: "image/png", size: 5 * MB }, null],
    [{ name: "shot.JPG", type: "image/jpeg", size: 1 }, null],
    [{ name: "shot.jpeg", type: "image/jpeg", size: 1 }, null],
    [{ name: "shot.png", type: "image/png", size: 5 * MB + 1 }, e.imgSizeError],
    [{ name: "shot.gif", type: "image/gif", size: 1 }, e.imgTypeError],
    [{ name: "shot.webp", type: "image/webp", size: 1 }, e.imgTypeError],
    [{ name: "shot.txt", type: "image/png", size: 1 }, e.imgTypeError],
  ])("image %j gives %j", (file, expected) => {
    expect(checkFeedbackImage(file)).toEqual(expected);
  });
});

describe("sending feedback", () => {
  const target: FeedbackTarget = {
    source: "by_reel",
    sutra_uid: "JSB470",
    reel_uid: "JSB470_1",
    cids: ["JS_39_931a.3"],
    origin_text: "師於戊辰",
  };
  const stored = { _id: 1 } as Feedback;
  const image = new File([new Uint8Array([1])], "shot.png", { type: "image/png" });

  it("uploads the image first and sends its key with the form", async () => {
    const sent: FeedbackAddRequest[] = [];
    const outcome = await submitFeedback(
      {
        upload: async () => "feedback/7/a.png",
        add: async (body) => {
          sent.push(body);
          return stored;
        },
      },
      target,
      { questionType: "other", suggestion: "  改為戊戌 ", image },
    );
    expect(outcome).toEqual({ kind: "sent", feedback: stored });
    expect(sent).toEqual([
      {
        ...target,
        feedback_type: "reading",
        question_type: "other",
        suggestion: "改為戊戌",
        attachment: "feedback/7/a.png",
      },
    ]);
  });

  it("sends nothing when the upload fails, and says so", async () => {
    const sent: FeedbackAddRequest[] = [];
    const outcome = await submitFeedback(
      {
        upload: () => Promise.reject(new Error("offline")),
        add: async (body) => {
          sent.push(body);
          return stored;
        },
      },
      target,
      { questionType: "other", suggestion: "改", image },
    );
    expect(outcome).toEqual({ kind: "refused", message: e.uploadFailed });
    expect(sent).toEqual([]);
  });

  it("reports a refused send without an image", async () => {
    const outcome = await submitFeedback(
      { upload: () => Promise.reject(new Error("unused")), add: () => Promise.reject(new Error("400")) },
      target,
      { questionType: "other", suggestion: "改", image: null },
    );
    expect(outcome).toEqual({ kind: "refused", message: feedbackText.failed });
  });
});
