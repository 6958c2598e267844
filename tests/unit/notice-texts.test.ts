/**
 * A notice in the personal centre reads in the reader's language (en, zh-CN, zh-TW), from its kind
 * and parameters, with the catalogues the app loads; a message stored as text reads as stored. The
 * server's texts of the same notices (the API's `content`, the mail) say what the app says.
 */
import { readFileSync } from "node:fs";
import { type I18n, setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";
import type { AppLocale } from "../../contract/locale-rules.ts";
import type { Message, Notice } from "../../contract/messages.ts";
import { noticeText } from "../../server/modules/messages/notice-texts.ts";
import { messageView } from "../../src/features/personal/messages/messageView.ts";

const po = formatter({ lineNumbers: false });

/** The app's personal-centre catalogue in `locale`, as the app loads it. */
async function appI18n(locale: AppLocale): Promise<I18n> {
  const text = readFileSync(`locales/${locale}/more.po`, "utf8");
  const catalog = await po.parse(text, { locale, sourceLocale: "zh-CN", filename: `${locale}.po` });
  const messages = Object.fromEntries(
    Object.entries(catalog ?? {}).map(([id, entry]) => [id, entry.translation ?? ""]),
  );
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const systemMessage = (notice: Notice | null, content = "", extra: Message["extra"] = {}) => ({
  msg_type: "system" as const,
  content,
  extra,
  notice,
});

const REPLY: Notice = { kind: "feedback_reply", params: { feedback_id: 12, reply: "已据底本改正。" } };
const APPROVED: Notice = { kind: "application_decision", params: { status: "approved", reason: "" } };
const REJECTED: Notice = {
  kind: "application_decision",
  params: { status: "rejected", reason: " 材料不全 " },
};

const EXPECTED: Record<AppLocale, { reply: string; approved: string; rejected: string; reason: string }> = {
  en: {
    reply: "Your feedback (no. 12) has a new reply: 已据底本改正。",
    approved:
      "Your researcher application has been approved. You can use the research tools now, with no need to sign in again.",
    rejected: "Your researcher application was not approved.",
    reason: "Reason: 材料不全",
  },
  "zh-CN": {
    reply: "您的反馈（编号 12）有了新的回复：已据底本改正。",
    approved: "您的研究者申请已通过，现在即可使用研究工具，无需重新登录。",
    rejected: "您的研究者申请未通过。",
    reason: "原因：材料不全",
  },
  "zh-TW": {
    reply: "您的回饋（編號 12）有了新的回覆：已据底本改正。",
    approved: "您的研究者申請已通過，現在即可使用研究工具，無需重新登入。",
    rejected: "您的研究者申請未通過。",
    reason: "原因：材料不全",
  },
};

describe.each(["en", "zh-CN", "zh-TW"] as const)("a notice read in %s", (locale) => {
  const expected = EXPECTED[locale];

  it("writes a feedback reply with its number and the administrator's words", async () => {
    const i18n = await appI18n(locale);
    expect(messageView(i18n, systemMessage(REPLY))).toEqual({
      kind: "text",
      text: expected.reply,
      feedbackId: 12,
    });
    expect(noticeText(REPLY, locale)).toBe(expected.reply);
  });

  it("writes an approval as success, asking for no new sign-in", async () => {
    const i18n = await appI18n(locale);
    expect(messageView(i18n, systemMessage(APPROVED))).toEqual({
      kind: "decision",
      status: "approved",
      title: expected.approved,
      reason: null,
    });
    expect(noticeText(APPROVED, locale)).toBe(expected.approved);
  });

  it("writes a rejection as failure with its reason", async () => {
    const i18n = await appI18n(locale);
    expect(messageView(i18n, systemMessage(REJECTED))).toEqual({
      kind: "decision",
      status: "rejected",
      title: expected.rejected,
      reason: expected.reason,
    });
    const joined =
      locale === "en" ? `${expected.rejected} ${expected.reason}` : `${expected.rejected}${expected.reason}`;
    expect(noticeText(REJECTED, locale)).toBe(joined);
  });

  it("shows a message stored as text as it was stored, and a decision stored before kinds from extra", async () => {
    const i18n = await appI18n(locale);
    const earlierReply = systemMessage(null, "您的反馈（编号 3）有了新的回复：好", { feedback_id: 3 });
    expect(messageView(i18n, earlierReply)).toEqual({
      kind: "text",
      text: "您的反馈（编号 3）有了新的回复：好",
      feedbackId: 3,
    });
    const { notice: _, ...keptOffline } = systemMessage(null, "您的研究者申请已通过。", {
      deal_status: "approved",
      deal_reason: "",
    });
    expect(messageView(i18n, keptOffline)).toMatchObject({ kind: "decision", title: expected.approved });
    expect(messageView(i18n, { ...systemMessage(null, "Welcome."), msg_type: "friend" })).toEqual({
      kind: "text",
      text: "Welcome.",
      feedbackId: null,
    });
  });
});
