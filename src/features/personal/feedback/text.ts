/** Text of the personal centre's feedback tab and its conversation drawer. */
import type { MessageDescriptor } from "@lingui/core";
import type { UserStatus } from "../../../../contract/feedback.ts";

export const myFeedbackText = {
  sutraFilter: /*i18n*/ { id: "personal.feedback.sutraFilter", message: "按经号筛选" },
  sutraFilterPlaceholder: /*i18n*/ {
    id: "personal.feedback.sutraFilterPlaceholder",
    message: "经号，如 JS0001",
  },
  sutraFilterInvalid: /*i18n*/ { id: "personal.feedback.sutraFilterInvalid", message: "请输入正确的经号" },
  search: /*i18n*/ { id: "personal.feedback.search", message: "查询" },
  reset: /*i18n*/ { id: "personal.feedback.reset", message: "重置" },
  empty: /*i18n*/ { id: "personal.feedback.empty", message: "暂无反馈" },
  sutra: /*i18n*/ { id: "personal.feedback.sutra", message: "经号或页" },
  createdAt: /*i18n*/ { id: "personal.feedback.createdAt", message: "提交时间" },
  status: /*i18n*/ { id: "personal.feedback.status", message: "状态" },
  newReply: /*i18n*/ { id: "personal.feedback.newReply", message: "新回复" },
  view: /*i18n*/ { id: "personal.feedback.view", message: "查看" },
  detail: /*i18n*/ { id: "personal.feedback.detail", message: "反馈详情" },
  conversation: /*i18n*/ { id: "personal.feedback.conversation", message: "沟通记录" },
  noConversation: /*i18n*/ { id: "personal.feedback.noConversation", message: "暂无回复" },
  adminLabel: /*i18n*/ { id: "personal.feedback.adminLabel", message: "管理员" },
  me: /*i18n*/ { id: "personal.feedback.me", message: "我" },
  attachment: /*i18n*/ { id: "personal.feedback.attachment", message: "附件" },
  reply: /*i18n*/ { id: "personal.feedback.reply", message: "继续反馈" },
  replyPlaceholder: /*i18n*/ { id: "personal.feedback.replyPlaceholder", message: "请输入补充说明" },
  replyRequired: /*i18n*/ { id: "personal.feedback.replyRequired", message: "请输入回复内容" },
  replyTooLong: /*i18n*/ { id: "personal.feedback.replyTooLong", message: "回复不能超过 500 字" },
  replyChars: /*i18n*/ {
    id: "personal.feedback.replyChars",
    message: "回复不能含有控制字符或文字方向控制符",
  },
  send: /*i18n*/ { id: "personal.feedback.send", message: "发送" },
  closed: /*i18n*/ { id: "personal.feedback.closed", message: "该反馈已处理完毕，不能继续反馈" },
  replyFailed: /*i18n*/ { id: "personal.feedback.replyFailed", message: "发送失败，请稍后再试" },
  replyQueued: /*i18n*/ {
    id: "personal.feedback.replyQueued",
    message: "当前离线，回复已保存在本机，联网后会自动发送。",
  },
  imageNeedsNetwork: /*i18n*/ { id: "personal.feedback.imageNeedsNetwork", message: "上传图片需要联网" },
} satisfies Record<string, MessageDescriptor>;

export const userStatusText = {
  submitted: /*i18n*/ { id: "personal.feedback.state.submitted", message: "已提交" },
  processing: /*i18n*/ { id: "personal.feedback.state.processing", message: "处理中" },
  completed: /*i18n*/ { id: "personal.feedback.state.completed", message: "处理完成" },
  refused: /*i18n*/ { id: "personal.feedback.state.refused", message: "已拒绝" },
} satisfies Record<UserStatus, MessageDescriptor>;
