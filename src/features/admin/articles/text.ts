/** Text of the administrators' article screens (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const articleAdminText = {
  listLabel: /*i18n*/ { id: "adminArticle.listLabel", message: "文章列表" },
  title: /*i18n*/ { id: "adminArticle.title", message: "标题" },
  type: /*i18n*/ { id: "adminArticle.type", message: "类型" },
  uid: /*i18n*/ { id: "adminArticle.uid", message: "标识" },
  summary: /*i18n*/ { id: "adminArticle.summary", message: "摘要" },
  content: /*i18n*/ { id: "adminArticle.content", message: "正文" },
  cover: /*i18n*/ { id: "adminArticle.cover", message: "封面" },
  active: /*i18n*/ { id: "adminArticle.active", message: "发布" },
  activeFilter: /*i18n*/ { id: "adminArticle.activeFilter", message: "是否发布" },
  pinned: /*i18n*/ { id: "adminArticle.pinned", message: "置顶" },
  createTime: /*i18n*/ { id: "adminArticle.createTime", message: "创建时间" },
  updatedTime: /*i18n*/ { id: "adminArticle.updatedTime", message: "更新时间" },
  yes: /*i18n*/ { id: "adminArticle.yes", message: "是" },
  no: /*i18n*/ { id: "adminArticle.no", message: "否" },
  add: /*i18n*/ { id: "adminArticle.add", message: "新增文章" },
  view: /*i18n*/ { id: "adminArticle.view", message: "查看" },
  edit: /*i18n*/ { id: "adminArticle.edit", message: "编辑" },
  pin: /*i18n*/ { id: "adminArticle.pin", message: "置顶" },
  unpin: /*i18n*/ { id: "adminArticle.unpin", message: "取消置顶" },
  publish: /*i18n*/ { id: "adminArticle.publish", message: "发布" },
  withdraw: /*i18n*/ { id: "adminArticle.withdraw", message: "取消发布" },
  published: /*i18n*/ { id: "adminArticle.published", message: "已发布" },
  unpublished: /*i18n*/ { id: "adminArticle.unpublished", message: "未发布" },
  notPinned: /*i18n*/ { id: "adminArticle.notPinned", message: "未置顶" },
  activeSwitch: /*i18n*/ { id: "adminArticle.activeSwitch", message: "发布《{title}》" },
  publishedDone: /*i18n*/ { id: "adminArticle.publishedDone", message: "《{title}》已发布" },
  withdrawnDone: /*i18n*/ { id: "adminArticle.withdrawnDone", message: "《{title}》已取消发布" },
  pinnedDone: /*i18n*/ { id: "adminArticle.pinnedDone", message: "《{title}》已置顶" },
  unpinnedDone: /*i18n*/ { id: "adminArticle.unpinnedDone", message: "《{title}》已取消置顶" },
  noCover: /*i18n*/ { id: "adminArticle.noCover", message: "无封面" },
  coverOf: /*i18n*/ { id: "adminArticle.coverOf", message: "《{title}》的封面" },
  backToList: /*i18n*/ { id: "adminArticle.backToList", message: "返回列表" },
  state: /*i18n*/ { id: "adminArticle.state", message: "状态" },
} satisfies Record<string, MessageDescriptor>;

export const articleTypeText = {
  news: /*i18n*/ { id: "adminArticle.typeNews", message: "新闻" },
  intro: /*i18n*/ { id: "adminArticle.typeIntro", message: "介绍" },
} satisfies Record<string, MessageDescriptor>;

export const articleFormText = {
  titlePlaceholder: /*i18n*/ { id: "adminArticle.titlePlaceholder", message: "请输入标题" },
  uidPlaceholder: /*i18n*/ { id: "adminArticle.uidPlaceholder", message: "如 news-2026-01" },
  uidHint: /*i18n*/ {
    id: "adminArticle.uidHint",
    message:
      "只能使用字母、数字、下划线和连字符。译文的标识是原文标识后加 {en} 或 {zhTW}；藏经简介为“藏经代码-intro”（如 {intro}），工作人员和捐助者页面为 {staff} 和 {donors}，帮助为 {help}。",
  },
  summaryPlaceholder: /*i18n*/ {
    id: "adminArticle.summaryPlaceholder",
    message: "请输入摘要，显示在新闻列表中",
  },
  counter: /*i18n*/ { id: "adminArticle.counter", message: "{count}/{max}" },
  published: /*i18n*/ { id: "adminArticle.publishedSwitch", message: "发布" },
  save: /*i18n*/ { id: "adminArticle.save", message: "保存" },
  cancel: /*i18n*/ { id: "adminArticle.cancel", message: "取消" },
  saved: /*i18n*/ { id: "adminArticle.saved", message: "《{title}》已保存" },
  invalid: /*i18n*/ { id: "adminArticle.invalid", message: "Invalid" },
  failedNetwork: /*i18n*/ { id: "adminArticle.failedNetwork", message: "保存失败，请检查网络后重试" },
  leaveTitle: /*i18n*/ { id: "adminArticle.leaveTitle", message: "离开此页？" },
  leaveText: /*i18n*/ {
    id: "adminArticle.leaveText",
    message: "文章有未保存的修改，离开后这些修改将会丢失。",
  },
  leave: /*i18n*/ { id: "adminArticle.leave", message: "离开" },
  stay: /*i18n*/ { id: "adminArticle.stay", message: "留在此页" },
  uploadCover: /*i18n*/ { id: "adminArticle.uploadCover", message: "上传封面" },
  replaceCover: /*i18n*/ { id: "adminArticle.replaceCover", message: "更换封面" },
  removeCover: /*i18n*/ { id: "adminArticle.removeCover", message: "移除封面" },
  coverHint: /*i18n*/ { id: "adminArticle.coverHint", message: "PNG、JPEG 或 GIF 图片，不超过 {size} MB" },
  uploading: /*i18n*/ { id: "adminArticle.uploading", message: "正在上传…" },
  preview: /*i18n*/ { id: "adminArticle.preview", message: "预览" },
  previewEmpty: /*i18n*/ { id: "adminArticle.previewEmpty", message: "正文预览将显示在这里" },
} satisfies Record<string, MessageDescriptor>;

/** The markdown editor's toolbar, and the sample text a button inserts when nothing is selected. */
export const editorText = {
  toolbar: /*i18n*/ { id: "adminArticle.editor.toolbar", message: "格式工具" },
  heading: /*i18n*/ { id: "adminArticle.editor.heading", message: "标题" },
  bold: /*i18n*/ { id: "adminArticle.editor.bold", message: "加粗" },
  italic: /*i18n*/ { id: "adminArticle.editor.italic", message: "斜体" },
  link: /*i18n*/ { id: "adminArticle.editor.link", message: "链接" },
  list: /*i18n*/ { id: "adminArticle.editor.list", message: "列表" },
  quote: /*i18n*/ { id: "adminArticle.editor.quote", message: "引用" },
  code: /*i18n*/ { id: "adminArticle.editor.code", message: "代码" },
  image: /*i18n*/ { id: "adminArticle.editor.image", message: "插入图片" },
  sampleHeading: /*i18n*/ { id: "adminArticle.editor.sampleHeading", message: "小标题" },
  sampleBold: /*i18n*/ { id: "adminArticle.editor.sampleBold", message: "粗体文字" },
  sampleItalic: /*i18n*/ { id: "adminArticle.editor.sampleItalic", message: "斜体文字" },
  sampleLink: /*i18n*/ { id: "adminArticle.editor.sampleLink", message: "链接文字" },
  sampleItem: /*i18n*/ { id: "adminArticle.editor.sampleItem", message: "列表项" },
  sampleQuote: /*i18n*/ { id: "adminArticle.editor.sampleQuote", message: "引用文字" },
  sampleCode: /*i18n*/ { id: "adminArticle.editor.sampleCode", message: "代码" },
} satisfies Record<string, MessageDescriptor>;

export const articleFormErrors = {
  titleRequired: /*i18n*/ { id: "adminArticle.error.titleRequired", message: "请输入标题" },
  titleTooLong: /*i18n*/ { id: "adminArticle.error.titleTooLong", message: "标题不能超过 {max} 个字符" },
  typeRequired: /*i18n*/ { id: "adminArticle.error.typeRequired", message: "请选择类型" },
  uidRequired: /*i18n*/ { id: "adminArticle.error.uidRequired", message: "请输入标识" },
  uidTooLong: /*i18n*/ { id: "adminArticle.error.uidTooLong", message: "标识不能超过 {max} 个字符" },
  uidInvalid: /*i18n*/ {
    id: "adminArticle.error.uidInvalid",
    message: "标识只能使用字母、数字、下划线和连字符（以字母或数字开头），译文可在末尾加 .en 或 .zh-TW",
  },
  summaryRequired: /*i18n*/ { id: "adminArticle.error.summaryRequired", message: "请输入摘要" },
  summaryTooLong: /*i18n*/ { id: "adminArticle.error.summaryTooLong", message: "摘要不能超过 {max} 个字符" },
  contentRequired: /*i18n*/ { id: "adminArticle.error.contentRequired", message: "请输入正文" },
  contentTooLong: /*i18n*/ { id: "adminArticle.error.contentTooLong", message: "正文不能超过 {max} 个字符" },
  singleLineChars: /*i18n*/ {
    id: "adminArticle.error.singleLineChars",
    message: "不能包含控制字符或双向文字格式字符",
  },
  multiLineChars: /*i18n*/ {
    id: "adminArticle.error.multiLineChars",
    message: "除换行和制表符外，不能包含控制字符或双向文字格式字符",
  },
  imageType: /*i18n*/ { id: "adminArticle.error.imageType", message: "只能上传 PNG、JPEG 或 GIF 图片" },
  imageSize: /*i18n*/ { id: "adminArticle.error.imageSize", message: "图片不能超过 {size} MB" },
  uploadFailed: /*i18n*/ { id: "adminArticle.error.uploadFailed", message: "上传失败，请重试" },
} satisfies Record<string, MessageDescriptor>;
