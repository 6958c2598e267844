/** The rules of the reader's feedback list and conversation (spec sections 4, 5). */
import type { MessageDescriptor } from "@lingui/core";
import { charCount, REPLY_MAX, type UserStatus } from "../../../../contract/feedback.ts";
import { isSutraUid } from "../../../../contract/ids.ts";
import { isCleanText } from "../../../../contract/text-rules.ts";
import { myFeedbackText as t } from "./text.ts";

/** Sutra uids typed into the filter, comma- or space-separated; null when one is no sutra uid. */
export function parseSutraFilter(value: string): string[] | null {
  const uids = value
    .split(/[\s,，]+/)
    .map((uid) => uid.trim())
    .filter((uid) => uid !== "");
  return uids.every(isSutraUid) ? [...new Set(uids)] : null;
}

/** A continuation: required, at most 500 characters, no control or direction characters. */
export function checkReply(value: string): MessageDescriptor | null {
  const text = value.trim();
  if (text === "") return t.replyRequired;
  if (charCount(text) > REPLY_MAX) return t.replyTooLong;
  return isCleanText(text, "multi-line") ? null : t.replyChars;
}

/** Completed and refused feedback takes no more replies (spec section 4). */
export const canContinue = (status: UserStatus): boolean => status === "submitted" || status === "processing";

/** The badge colour of a user status. */
export function statusColor(status: UserStatus): "informative" | "warning" | "success" | "danger" {
  switch (status) {
    case "submitted":
      return "informative";
    case "processing":
      return "warning";
    case "completed":
      return "success";
    case "refused":
      return "danger";
  }
}
