/** Text of the personal centre's "waiting to sync" tab (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const syncText = {
  tab: /*i18n*/ { id: "sync.tab", message: "待同步" },
  intro: /*i18n*/ {
    id: "sync.intro",
    message: "在本机做出、尚未被服务器接收的更改。联网时会按顺序自动发送。",
  },
  offline: /*i18n*/ { id: "sync.offline", message: "当前离线，联网后会自动同步。" },
  empty: /*i18n*/ { id: "sync.empty", message: "没有待同步的更改。" },
  syncNow: /*i18n*/ { id: "sync.syncNow", message: "立即同步" },
  change: /*i18n*/ { id: "sync.column.change", message: "更改" },
  madeAt: /*i18n*/ { id: "sync.column.madeAt", message: "时间" },
  state: /*i18n*/ { id: "sync.column.state", message: "状态" },
  problem: /*i18n*/ { id: "sync.column.problem", message: "最近的错误" },
  actions: /*i18n*/ { id: "sync.column.actions", message: "操作" },
  waiting: /*i18n*/ { id: "sync.state.waiting", message: "等待同步" },
  sending: /*i18n*/ { id: "sync.state.sending", message: "正在发送" },
  failed: /*i18n*/ { id: "sync.state.failed", message: "同步失败" },
  nextTry: /*i18n*/ { id: "sync.nextTry", message: "{time} 再试" },
  retry: /*i18n*/ { id: "sync.retry", message: "重试" },
  discard: /*i18n*/ { id: "sync.discard", message: "放弃" },
  confirmDiscard: /*i18n*/ { id: "sync.confirmDiscard", message: "放弃这项更改？它不会再发送到服务器。" },
  noNetwork: /*i18n*/ { id: "sync.error.noNetwork", message: "无法连接服务器" },
  unresolvedGroup: /*i18n*/ { id: "sync.error.unresolvedGroup", message: "所涉及的新建分组未能同步" },
  serverError: /*i18n*/ { id: "sync.error.server", message: "{status} {msg}" },
  menuItem: /*i18n*/ { id: "sync.menuItem", message: "待同步（{count}）" },
} satisfies Record<string, MessageDescriptor>;

/** What each kind of queued write is called in the list. */
export const syncLabels = {
  groupCreate: /*i18n*/ { id: "sync.label.groupCreate", message: "新建分组“{name}”" },
  groupRename: /*i18n*/ { id: "sync.label.groupRename", message: "将分组“{from}”重命名为“{name}”" },
  groupDelete: /*i18n*/ { id: "sync.label.groupDelete", message: "删除分组“{name}”" },
  groupReorder: /*i18n*/ { id: "sync.label.groupReorder", message: "调整分组顺序：{names}" },
  groupAdd: /*i18n*/ { id: "sync.label.groupAdd", message: "将 {count} 部经加入分组“{name}”：{sutras}" },
  groupRemove: /*i18n*/ { id: "sync.label.groupRemove", message: "从分组“{name}”移出 {sutra}" },
  pin: /*i18n*/ { id: "sync.label.pin", message: "置顶 {sutra}" },
  unpin: /*i18n*/ { id: "sync.label.unpin", message: "取消置顶 {sutra}" },
  reelRead: /*i18n*/ { id: "sync.label.reelRead", message: "阅读记录 {reel}" },
  pageRead: /*i18n*/ { id: "sync.label.pageRead", message: "阅读记录 第 {page} 页" },
  readConfig: /*i18n*/ { id: "sync.label.readConfig", message: "阅读设置（{field}）" },
  feedback: /*i18n*/ { id: "sync.label.feedback", message: "反馈：{text}" },
  feedbackContinue: /*i18n*/ { id: "sync.label.feedbackContinue", message: "继续反馈：{text}" },
  other: /*i18n*/ { id: "sync.label.other", message: "其他更改（{path}）" },
} satisfies Record<string, MessageDescriptor>;
