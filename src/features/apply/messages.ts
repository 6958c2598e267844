/** Text of the researcher application screens (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const applyText = {
  title: /*i18n*/ { id: "apply.title", message: "申请成为研究者" },
  toolsIntro: /*i18n*/ { id: "apply.toolsIntro", message: "研究者可使用以下专题工具：" },
  toolCharImage: /*i18n*/ { id: "apply.tool.charImage", message: "字图检索：按字查看藏经刻本中每个字的原图" },
  toolCharType: /*i18n*/ { id: "apply.tool.charType", message: "字种统计：各字在藏经中的用字与异体字统计" },
  toolColophon: /*i18n*/ { id: "apply.tool.colophon", message: "刊记检索：刻经的施主、刻工、年代与地点" },
  toolPeople: /*i18n*/ { id: "apply.tool.people", message: "人物检索：僧人传记及其师承与交游关系图谱" },
  review: /*i18n*/ { id: "apply.review", message: "请如实填写以下信息，审核需 2-3 个工作日。" },
  realName: /*i18n*/ { id: "apply.realName", message: "真实姓名" },
  company: /*i18n*/ { id: "apply.company", message: "工作单位" },
  selfIntro: /*i18n*/ { id: "apply.selfIntro", message: "个人简介" },
  purpose: /*i18n*/ { id: "apply.purpose", message: "申请用途" },
  realNamePlaceholder: /*i18n*/ { id: "apply.realNamePlaceholder", message: "请输入真实姓名" },
  companyPlaceholder: /*i18n*/ { id: "apply.companyPlaceholder", message: "请输入工作单位或所在机构" },
  selfIntroPlaceholder: /*i18n*/ {
    id: "apply.selfIntroPlaceholder",
    message: "请简要介绍您的研究方向与经历",
  },
  purposePlaceholder: /*i18n*/ { id: "apply.purposePlaceholder", message: "请说明您将如何使用专题工具" },
  counter: /*i18n*/ { id: "apply.counter", message: "{count}/{max}" },
  submit: /*i18n*/ { id: "apply.submit", message: "提交申请" },
  submitted: /*i18n*/ { id: "apply.submitted", message: "申请已提交，即将跳转…" },
  noEditTip: /*i18n*/ { id: "apply.noEditTip", message: "您尚未修改申请内容，请修改后再提交" },
  invalid: /*i18n*/ { id: "apply.invalid", message: "Invalid" },
  failedNetwork: /*i18n*/ { id: "apply.failedNetwork", message: "提交失败，请检查网络后重试" },
  pendingTitle: /*i18n*/ { id: "apply.pendingTitle", message: "申请已提交，正在审核" },
  pendingText: /*i18n*/ {
    id: "apply.pendingText",
    message: "我们将在 2-3 个工作日内完成审核，结果会通过站内消息通知您。",
  },
  approvedTitle: /*i18n*/ { id: "apply.approvedTitle", message: "申请已通过" },
  approvedText: /*i18n*/ { id: "apply.approvedText", message: "您已成为研究者，现在可以使用各个专题工具。" },
  rejectedTitle: /*i18n*/ { id: "apply.rejectedTitle", message: "申请未通过" },
  rejectedText: /*i18n*/ { id: "apply.rejectedText", message: "很抱歉，您的申请未通过审核。" },
  reason: /*i18n*/ { id: "apply.reason", message: "原因：{reason}" },
  contact: /*i18n*/ { id: "apply.contact", message: "如有疑问，请发送邮件至 {email}" },
  backHome: /*i18n*/ { id: "apply.backHome", message: "返回首页" },
  reapply: /*i18n*/ { id: "apply.reapply", message: "重新申请" },
} satisfies Record<string, MessageDescriptor>;

export const applyErrors = {
  realNameRequired: /*i18n*/ { id: "apply.error.realNameRequired", message: "请输入真实姓名" },
  realNameTooLong: /*i18n*/ { id: "apply.error.realNameTooLong", message: "真实姓名不能超过 50 个字符" },
  companyRequired: /*i18n*/ { id: "apply.error.companyRequired", message: "请输入工作单位" },
  companyTooLong: /*i18n*/ { id: "apply.error.companyTooLong", message: "工作单位不能超过 100 个字符" },
  introRequired: /*i18n*/ { id: "apply.error.introRequired", message: "请输入个人简介" },
  introTooLong: /*i18n*/ { id: "apply.error.introTooLong", message: "个人简介不能超过 500 个字符" },
  purposeRequired: /*i18n*/ { id: "apply.error.purposeRequired", message: "请输入申请用途" },
  purposeTooLong: /*i18n*/ { id: "apply.error.purposeTooLong", message: "申请用途不能超过 500 个字符" },
  singleLineChars: /*i18n*/ {
    id: "apply.error.singleLineChars",
    message: "不能包含换行、控制字符或文字方向控制符",
  },
  multiLineChars: /*i18n*/ { id: "apply.error.multiLineChars", message: "不能包含控制字符或文字方向控制符" },
} satisfies Record<string, MessageDescriptor>;

/** /401 for a signed-in reader who lacks a role. */
export const roleRequiredText = {
  researcherOnlyTitle: /*i18n*/ { id: "roleRequired.researcherOnlyTitle", message: "此工具仅供研究者使用" },
  researcherOnlyText: /*i18n*/ {
    id: "roleRequired.researcherOnlyText",
    message: "字图检索、字种统计、刊记检索和人物检索是研究者的专题工具。申请成为研究者，审核通过后即可使用。",
  },
  pendingText: /*i18n*/ {
    id: "roleRequired.pendingText",
    message: "您的研究者申请正在审核中（2-3 个工作日），通过后即可使用此工具。",
  },
  rejectedText: /*i18n*/ {
    id: "roleRequired.rejectedText",
    message: "您的研究者申请未通过。可以查看原因，修改后重新申请。",
  },
  withdrawnText: /*i18n*/ {
    id: "roleRequired.withdrawnText",
    message: "您的账号目前没有研究者角色。如有疑问，请查看申请结果页上的联系方式。",
  },
  adminWithoutResearchText: /*i18n*/ {
    id: "roleRequired.adminWithoutResearchText",
    message: "专题工具仅供研究者使用，管理员角色不包含它们。您可以在用户管理中为自己添加研究者角色。",
  },
  adminOnlyTitle: /*i18n*/ { id: "roleRequired.adminOnlyTitle", message: "此页面仅供管理员使用" },
  adminOnlyText: /*i18n*/ {
    id: "roleRequired.adminOnlyText",
    message: "您的账号不是管理员，无法打开后台管理页面。",
  },
  signedInText: /*i18n*/ { id: "roleRequired.signedInText", message: "您的账号没有访问此页的权限。" },
  apply: /*i18n*/ { id: "roleRequired.apply", message: "申请成为研究者" },
  viewApplication: /*i18n*/ { id: "roleRequired.viewApplication", message: "查看申请结果" },
  reapply: /*i18n*/ { id: "roleRequired.reapply", message: "重新申请" },
  userManagement: /*i18n*/ { id: "roleRequired.userManagement", message: "前往用户管理" },
} satisfies Record<string, MessageDescriptor>;
