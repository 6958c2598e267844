/** Text of the feedback drawer and its thanks dialog (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { QuestionType } from "../../../contract/feedback.ts";

export const feedbackText = {
  title: /*i18n*/ { id: "feedback.title", message: "反馈" },
  questionType: /*i18n*/ { id: "feedback.questionType", message: "问题类型" },
  originText: /*i18n*/ { id: "feedback.originText", message: "原文" },
  noOriginText: /*i18n*/ { id: "feedback.noOriginText", message: "未选择文本" },
  suggestion: /*i18n*/ { id: "feedback.suggestion", message: "修改建议" },
  suggestionPlaceholder: /*i18n*/ {
    id: "feedback.suggestionPlaceholder",
    message: "请描述问题并给出修改建议",
  },
  counter: /*i18n*/ { id: "feedback.counter", message: "{count}/{max}" },
  image: /*i18n*/ { id: "feedback.image", message: "图片" },
  imageHint: /*i18n*/ { id: "feedback.imageHint", message: "支持 png、jpeg、jpg 格式，不超过 5 MB，限 1 张" },
  removeImage: /*i18n*/ { id: "feedback.removeImage", message: "移除图片" },
  chooseImage: /*i18n*/ { id: "feedback.chooseImage", message: "选择图片" },
  submit: /*i18n*/ { id: "feedback.submit", message: "提交" },
  cancel: /*i18n*/ { id: "feedback.cancel", message: "取消" },
  close: /*i18n*/ { id: "feedback.close", message: "关闭" },
  failed: /*i18n*/ { id: "feedback.failed", message: "反馈提交失败，请稍后再试" },
  thanksTitle: /*i18n*/ { id: "feedback.thanksTitle", message: "感谢您的反馈" },
  thanksText: /*i18n*/ {
    id: "feedback.thanksText",
    message: "我们会尽快核实处理，处理结果可在“我的反馈”中查看。",
  },
  viewMine: /*i18n*/ { id: "feedback.viewMine", message: "查看我的反馈" },
  gotIt: /*i18n*/ { id: "feedback.gotIt", message: "知道了" },
  offlineHint: /*i18n*/ {
    id: "feedback.offlineHint",
    message: "当前离线：反馈会先保存在本机，联网后自动发送。附带图片的反馈需要联网才能上传。",
  },
  imageNeedsNetwork: /*i18n*/ {
    id: "feedback.imageNeedsNetwork",
    message: "附带图片的反馈需要联网上传图片，请联网后提交，或移除图片后先保存在本机。",
  },
  queuedText: /*i18n*/ {
    id: "feedback.queuedText",
    message: "当前离线，反馈已保存在本机，联网后会自动发送。",
  },
} satisfies Record<string, MessageDescriptor>;

export const questionTypeText = {
  content_error: /*i18n*/ { id: "feedback.question.contentError", message: "内容错误" },
  content_missing: /*i18n*/ { id: "feedback.question.contentMissing", message: "内容缺失" },
  punctuation_error: /*i18n*/ { id: "feedback.question.punctuationError", message: "标点错误" },
  other: /*i18n*/ { id: "feedback.question.other", message: "其他" },
} satisfies Record<QuestionType, MessageDescriptor>;

export const feedbackErrors = {
  questionTypeRequired: /*i18n*/ { id: "feedback.questionTypeRequired", message: "请选择问题类型" },
  suggestionRequired: /*i18n*/ { id: "feedback.suggestionRequired", message: "请填写修改建议" },
  suggestionTooLong: /*i18n*/ { id: "feedback.suggestionTooLong", message: "修改建议不能超过 500 字" },
  suggestionChars: /*i18n*/ {
    id: "feedback.suggestionChars",
    message: "修改建议不能含有控制字符或文字方向控制符",
  },
  imgTypeError: /*i18n*/ { id: "feedback.imgTypeError", message: "图片只能是 png、jpeg、jpg 格式" },
  imgSizeError: /*i18n*/ { id: "feedback.imgSizeError", message: "图片不能超过 5 MB" },
  uploadFailed: /*i18n*/ { id: "feedback.uploadFailed", message: "上传失败，请重试" },
} satisfies Record<string, MessageDescriptor>;
