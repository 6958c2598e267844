/**
 * What a notice says in each interface language, for readers that do not write it themselves
 * (the `content` of `GET /v1/messages`) and for the mail. The web app writes the same words from
 * its catalogues (src/features/personal/messages/noticeView.ts; tests/unit/notice-texts.test.ts
 * holds the two together).
 *
 * An approved reader needs no new sign-in: approval refuses their access tokens and keeps their
 * sign-in, so the app's next request fetches a token that carries the researcher role.
 */
import type { AppLocale } from "../../../contract/locale-rules.ts";
import { locales } from "../../../contract/locale-rules.ts";
import type { Notice, NoticeKind } from "../../../contract/messages.ts";

type Texts = {
  feedbackReply(feedbackId: number, reply: string): string;
  approved: string;
  rejected: string;
  reason(reason: string): string;
  subjects: Record<NoticeKind, string>;
  /** The mail's last line: where the notice is kept. */
  footer: string;
};

const TEXTS: Record<AppLocale, Texts> = {
  "zh-CN": {
    feedbackReply: (id, reply) => `您的反馈（编号 ${id}）有了新的回复：${reply}`,
    approved: "您的研究者申请已通过，现在即可使用研究工具，无需重新登录。",
    rejected: "您的研究者申请未通过。",
    reason: (reason) => `原因：${reason}`,
    subjects: { feedback_reply: "您的反馈有了新的回复", application_decision: "研究者申请结果" },
    footer: "登录后可在“我的消息”中查看。",
  },
  "zh-TW": {
    feedbackReply: (id, reply) => `您的回饋（編號 ${id}）有了新的回覆：${reply}`,
    approved: "您的研究者申請已通過，現在即可使用研究工具，無需重新登入。",
    rejected: "您的研究者申請未通過。",
    reason: (reason) => `原因：${reason}`,
    subjects: { feedback_reply: "您的回饋有了新的回覆", application_decision: "研究者申請結果" },
    footer: "登入後可在「我的消息」中檢視。",
  },
  en: {
    feedbackReply: (id, reply) => `Your feedback (no. ${id}) has a new reply: ${reply}`,
    approved:
      "Your researcher application has been approved. You can use the research tools now, with no need to sign in again.",
    rejected: "Your researcher application was not approved.",
    reason: (reason) => `Reason: ${reason}`,
    subjects: {
      feedback_reply: "Your feedback has a new reply",
      application_decision: "Researcher application result",
    },
    footer: "Sign in and open My messages to read it there.",
  },
};

/** The notice as one text in `locale`. */
export function noticeText(notice: Notice, locale: AppLocale): string {
  const texts = TEXTS[locale];
  if (notice.kind === "feedback_reply")
    return texts.feedbackReply(notice.params.feedback_id, notice.params.reply);
  if (notice.params.status === "approved") return texts.approved;
  const reason = notice.params.reason.trim();
  return reason === ""
    ? texts.rejected
    : `${texts.rejected}${locale === "en" ? " " : ""}${texts.reason(reason)}`;
}

/**
 * The mail of a notice. The server does not know which language a reader reads when an
 * administrator acts, so the mail says it in every interface language, simplified Chinese first.
 */
export function noticeMail(notice: Notice): { subject: string; body: string } {
  return {
    subject: locales.map((locale) => TEXTS[locale].subjects[notice.kind]).join(" / "),
    body: locales.map((locale) => `${noticeText(notice, locale)}\n${TEXTS[locale].footer}`).join("\n\n"),
  };
}
