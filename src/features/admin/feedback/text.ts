/** Text of the administrator's feedback screen and its deal drawer (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { FEEDBACK_SOURCES, FeedbackStatus, FeedbackType } from "../../../../contract/feedback.ts";

type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

export const adminFeedbackText = {
  questionType: /*i18n*/ { id: "admin.feedback.questionType", message: "问题类型" },
  sutra: /*i18n*/ { id: "admin.feedback.sutra", message: "经号或经名" },
  username: /*i18n*/ { id: "admin.feedback.username", message: "用户名" },
  startDate: /*i18n*/ { id: "admin.feedback.startDate", message: "提交日期自" },
  endDate: /*i18n*/ { id: "admin.feedback.endDate", message: "提交日期至" },
  status: /*i18n*/ { id: "admin.feedback.status", message: "状态" },
  reader: /*i18n*/ { id: "admin.feedback.reader", message: "反馈用户" },
  userWithNickname: /*i18n*/ { id: "admin.feedback.userWithNickname", message: "{username}（{nickname}）" },
  place: /*i18n*/ { id: "admin.feedback.place", message: "经卷 / 页" },
  openPlace: /*i18n*/ { id: "admin.feedback.openPlace", message: "在新标签页中打开 {place}" },
  types: /*i18n*/ { id: "admin.feedback.types", message: "问题与反馈类型" },
  typesValue: /*i18n*/ { id: "admin.feedback.typesValue", message: "{questionType} / {feedbackType}" },
  feedbackType: /*i18n*/ { id: "admin.feedback.feedbackType", message: "反馈类型" },
  suggestion: /*i18n*/ { id: "admin.feedback.suggestion", message: "修改建议" },
  attachment: /*i18n*/ { id: "admin.feedback.attachment", message: "附件" },
  hasAttachment: /*i18n*/ { id: "admin.feedback.hasAttachment", message: "有附件" },
  noAttachment: /*i18n*/ { id: "admin.feedback.noAttachment", message: "无" },
  createdAt: /*i18n*/ { id: "admin.feedback.createdAt", message: "提交时间" },
  lastDeal: /*i18n*/ { id: "admin.feedback.lastDeal", message: "最后处理" },
  dealtBy: /*i18n*/ { id: "admin.feedback.dealtBy", message: "{name} 于 {time}" },
  none: /*i18n*/ { id: "admin.feedback.none", message: "—" },
  tableLabel: /*i18n*/ { id: "admin.feedback.tableLabel", message: "反馈列表" },
  deal: /*i18n*/ { id: "admin.feedback.deal", message: "处理" },
  drawerTitle: /*i18n*/ { id: "admin.feedback.drawerTitle", message: "处理反馈" },
  close: /*i18n*/ { id: "admin.feedback.close", message: "关闭" },
  details: /*i18n*/ { id: "admin.feedback.details", message: "反馈详情" },
  feedbackId: /*i18n*/ { id: "admin.feedback.feedbackId", message: "反馈编号" },
  email: /*i18n*/ { id: "admin.feedback.email", message: "邮箱" },
  phone: /*i18n*/ { id: "admin.feedback.phone", message: "手机号" },
  source: /*i18n*/ { id: "admin.feedback.source", message: "来源" },
  sutraUid: /*i18n*/ { id: "admin.feedback.sutraUid", message: "经号" },
  reelUid: /*i18n*/ { id: "admin.feedback.reelUid", message: "卷号" },
  pageId: /*i18n*/ { id: "admin.feedback.pageId", message: "页码" },
  blockId: /*i18n*/ { id: "admin.feedback.blockId", message: "区块" },
  cids: /*i18n*/ { id: "admin.feedback.cids", message: "字行编号" },
  conversation: /*i18n*/ { id: "admin.feedback.conversation", message: "沟通记录" },
  noConversation: /*i18n*/ { id: "admin.feedback.noConversation", message: "暂无回复" },
  byAdmin: /*i18n*/ { id: "admin.feedback.byAdmin", message: "管理员 {name}" },
  byReader: /*i18n*/ { id: "admin.feedback.byReader", message: "用户 {name}" },
  reply: /*i18n*/ { id: "admin.feedback.reply", message: "回复" },
  replyPlaceholder: /*i18n*/ { id: "admin.feedback.replyPlaceholder", message: "回复会以消息通知反馈用户" },
  replyStatus: /*i18n*/ { id: "admin.feedback.replyStatus", message: "处理状态" },
  send: /*i18n*/ { id: "admin.feedback.send", message: "发送回复" },
  sent: /*i18n*/ { id: "admin.feedback.sent", message: "回复已发送" },
  replyFailed: /*i18n*/ { id: "admin.feedback.replyFailed", message: "回复失败，请稍后再试" },
  completedHint: /*i18n*/ {
    id: "admin.feedback.completedHint",
    message: "该反馈已处理完毕，用户不能再继续反馈；您仍可回复或更改状态。",
  },
} satisfies Record<string, MessageDescriptor>;

export const feedbackStatusText = {
  pending: /*i18n*/ { id: "admin.feedback.state.pending", message: "待处理" },
  processing: /*i18n*/ { id: "admin.feedback.state.processing", message: "处理中" },
  completed_valid: /*i18n*/ { id: "admin.feedback.state.completedValid", message: "已解决" },
  completed_invalid: /*i18n*/ { id: "admin.feedback.state.completedInvalid", message: "已驳回" },
} satisfies Record<FeedbackStatus, MessageDescriptor>;

export const feedbackTypeText = {
  reading: /*i18n*/ { id: "admin.feedback.type.reading", message: "阅读" },
  vernacular: /*i18n*/ { id: "admin.feedback.type.vernacular", message: "白话" },
  summary: /*i18n*/ { id: "admin.feedback.type.summary", message: "摘要" },
  product: /*i18n*/ { id: "admin.feedback.type.product", message: "产品" },
} satisfies Record<FeedbackType, MessageDescriptor>;

export const feedbackSourceText = {
  by_reel: /*i18n*/ { id: "admin.feedback.source.byReel", message: "按卷阅读" },
  by_page: /*i18n*/ { id: "admin.feedback.source.byPage", message: "按页阅读" },
} satisfies Record<FeedbackSource, MessageDescriptor>;
