/** Text of the administrator's application screen and its detail drawer (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { ApplicationStatus } from "../../../../contract/application-rules.ts";

export const adminApplyText = {
  realName: /*i18n*/ { id: "admin.apply.realName", message: "真实姓名" },
  username: /*i18n*/ { id: "admin.apply.username", message: "用户名" },
  nickname: /*i18n*/ { id: "admin.apply.nickname", message: "昵称" },
  email: /*i18n*/ { id: "admin.apply.email", message: "邮箱" },
  phone: /*i18n*/ { id: "admin.apply.phone", message: "手机号" },
  status: /*i18n*/ { id: "admin.apply.status", message: "状态" },
  applyId: /*i18n*/ { id: "admin.apply.applyId", message: "申请编号" },
  company: /*i18n*/ { id: "admin.apply.company", message: "工作单位" },
  userColumn: /*i18n*/ { id: "admin.apply.userColumn", message: "用户名（昵称）" },
  userWithNickname: /*i18n*/ { id: "admin.apply.userWithNickname", message: "{username}（{nickname}）" },
  intro: /*i18n*/ { id: "admin.apply.intro", message: "个人简介" },
  purpose: /*i18n*/ { id: "admin.apply.purpose", message: "申请用途" },
  createdAt: /*i18n*/ { id: "admin.apply.createdAt", message: "申请时间" },
  updatedAt: /*i18n*/ { id: "admin.apply.updatedAt", message: "更新时间" },
  lastOperation: /*i18n*/ { id: "admin.apply.lastOperation", message: "最后操作" },
  operatedBy: /*i18n*/ { id: "admin.apply.operatedBy", message: "{name} 于 {time}" },
  none: /*i18n*/ { id: "admin.apply.none", message: "—" },
  tableLabel: /*i18n*/ { id: "admin.apply.tableLabel", message: "专家申请列表" },
  view: /*i18n*/ { id: "admin.apply.view", message: "查看" },
  deal: /*i18n*/ { id: "admin.apply.deal", message: "审核" },
  drawerTitle: /*i18n*/ { id: "admin.apply.drawerTitle", message: "申请详情" },
  close: /*i18n*/ { id: "admin.apply.close", message: "关闭" },
  details: /*i18n*/ { id: "admin.apply.details", message: "申请信息" },
  history: /*i18n*/ { id: "admin.apply.history", message: "审核记录" },
  noHistory: /*i18n*/ { id: "admin.apply.noHistory", message: "暂无记录" },
  submittedBy: /*i18n*/ { id: "admin.apply.submittedBy", message: "申请人 {name} 提交" },
  decidedBy: /*i18n*/ { id: "admin.apply.decidedBy", message: "{name} 审核" },
  decision: /*i18n*/ { id: "admin.apply.decision", message: "审核结果" },
  approve: /*i18n*/ { id: "admin.apply.approve", message: "通过" },
  reject: /*i18n*/ { id: "admin.apply.reject", message: "拒绝" },
  reason: /*i18n*/ { id: "admin.apply.reason", message: "拒绝原因" },
  reasonPlaceholder: /*i18n*/ {
    id: "admin.apply.reasonPlaceholder",
    message: "拒绝时请填写原因，申请人会在消息中看到",
  },
  decided: /*i18n*/ {
    id: "admin.apply.decided",
    message: "该申请已审核，不能再次审核。",
  },
  confirm: /*i18n*/ { id: "admin.apply.confirm", message: "确定" },
  cancel: /*i18n*/ { id: "admin.apply.cancel", message: "取消" },
  approvedNotice: /*i18n*/ { id: "admin.apply.approvedNotice", message: "已通过 {name} 的申请" },
  rejectedNotice: /*i18n*/ { id: "admin.apply.rejectedNotice", message: "已拒绝 {name} 的申请" },
  dealFailed: /*i18n*/ { id: "admin.apply.dealFailed", message: "审核失败，请稍后再试" },
} satisfies Record<string, MessageDescriptor>;

export const decisionErrors = {
  statusRequired: /*i18n*/ { id: "admin.apply.error.statusRequired", message: "请选择审核结果" },
  reasonRequired: /*i18n*/ { id: "admin.apply.error.reasonRequired", message: "拒绝时请填写原因" },
  reasonTooLong: /*i18n*/ { id: "admin.apply.error.reasonTooLong", message: "原因不能超过 500 个字符" },
  reasonChars: /*i18n*/ {
    id: "admin.apply.error.reasonChars",
    message: "原因不能包含控制字符或文字方向控制符",
  },
} satisfies Record<string, MessageDescriptor>;

export const applicationStatusText = {
  pending: /*i18n*/ { id: "admin.apply.state.pending", message: "待审核" },
  approved: /*i18n*/ { id: "admin.apply.state.approved", message: "已通过" },
  rejected: /*i18n*/ { id: "admin.apply.state.rejected", message: "已拒绝" },
} satisfies Record<ApplicationStatus, MessageDescriptor>;
