/** Text of the downloads: the download dialog, the buttons and the storage panel (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import { pwaText } from "../pwa/messages.ts";

export const downloadText = {
  downloadSutra: /*i18n*/ { id: "offline.downloadSutra", message: "下载本经供离线阅读" },
  downloadGroup: /*i18n*/ { id: "offline.downloadGroup", message: "下载本组供离线阅读" },
  downloadCategory: /*i18n*/ { id: "offline.downloadCategory", message: "下载本部类供离线阅读" },
  downloadTripitaka: /*i18n*/ { id: "offline.downloadTripitaka", message: "下载整部藏经供离线阅读" },
  downloaded: /*i18n*/ { id: "offline.downloaded", message: "已离线" },
  downloading: /*i18n*/ { id: "offline.downloadingShort", message: "下载中 {percent}%" },
  dialogTitle: /*i18n*/ { id: "offline.dialogTitle", message: "离线下载：{label}" },
  planning: /*i18n*/ { id: "offline.planning", message: "正在计算大小…" },
  planFailed: /*i18n*/ { id: "offline.planFailed", message: "无法获取下载内容：{reason}" },
  startFailed: /*i18n*/ { id: "offline.startFailed", message: "无法开始下载：{reason}" },
  startQuotaExceeded: /*i18n*/ {
    id: "offline.startQuotaExceeded",
    message: "存储空间已满，无法开始下载。请删除不需要的下载或释放设备空间后重试。",
  },
  needOnline: /*i18n*/ { id: "offline.needOnline", message: "离线时无法开始下载，请联网后再试。" },
  textForms: /*i18n*/ { id: "offline.textForms", message: "文本类型" },
  textFormsRule: /*i18n*/ { id: "offline.textFormsRule", message: "请至少选择一种文本类型" },
  withPages: /*i18n*/ { id: "offline.withPages", message: "按页阅读数据（{size}）" },
  withImages: /*i18n*/ { id: "offline.withImages", message: "页面图像与缩略图（{size}）" },
  noImages: /*i18n*/ { id: "offline.noImages", message: "没有页面图像" },
  scansWithheld: /*i18n*/ {
    id: "offline.scansWithheld",
    message: "本站限制每日查看的页面图像数，下载不含页面图像；联网时可在页面阅读中查看",
  },
  summary: /*i18n*/ {
    id: "offline.summary",
    message: "{sutras} 部经，{reels} 卷，{pages} 页，{files} 个图像文件",
  },
  totalSize: /*i18n*/ { id: "offline.totalSize", message: "共需 {size}（另加目录与字体，通常很小）" },
  start: /*i18n*/ { id: "offline.start", message: "开始下载" },
  replace: /*i18n*/ { id: "offline.replace", message: "按此设置重新下载" },
  cancel: /*i18n*/ { id: "offline.cancel", message: "取消" },
  started: /*i18n*/ { id: "offline.started", message: "已开始下载，可在“离线存储”中查看进度" },
} satisfies Record<string, MessageDescriptor>;

export const storageText = {
  title: pwaText.storageTitle,
  intro: /*i18n*/ {
    id: "offline.storage.intro",
    message: "已下载的经文、页面和图像保存在本设备上，离线时也能阅读。",
  },
  usage: /*i18n*/ { id: "offline.storage.usage", message: "本站已用 {usage}，可用上限 {quota}" },
  usageUnknown: /*i18n*/ { id: "offline.storage.usageUnknown", message: "浏览器未提供存储用量" },
  library: /*i18n*/ { id: "offline.storage.library", message: "离线内容共 {size}（{count} 项下载）" },
  persist: /*i18n*/ { id: "offline.storage.persist", message: "保持数据持久" },
  persisted: /*i18n*/ { id: "offline.storage.persisted", message: "已设为持久存储，浏览器不会自动清除" },
  notPersisted: /*i18n*/ {
    id: "offline.storage.notPersisted",
    message: "未设为持久存储：空间不足时浏览器可能清除离线内容",
  },
  persistRefused: /*i18n*/ { id: "offline.storage.persistRefused", message: "浏览器未同意持久存储" },
  empty: /*i18n*/ {
    id: "offline.storage.empty",
    message: "还没有离线下载。可在经目、经文页或藏经首页选择“离线下载”。",
  },
  label: /*i18n*/ { id: "offline.storage.label", message: "名称" },
  scope: /*i18n*/ { id: "offline.storage.scope", message: "范围" },
  forms: /*i18n*/ { id: "offline.storage.forms", message: "文本类型" },
  images: /*i18n*/ { id: "offline.storage.images", message: "图像" },
  status: /*i18n*/ { id: "offline.storage.status", message: "状态" },
  size: /*i18n*/ { id: "offline.storage.size", message: "已存大小" },
  created: /*i18n*/ { id: "offline.storage.created", message: "创建时间" },
  actions: /*i18n*/ { id: "offline.storage.actions", message: "操作" },
  yes: /*i18n*/ { id: "offline.storage.yes", message: "有" },
  no: /*i18n*/ { id: "offline.storage.no", message: "无" },
  pause: /*i18n*/ { id: "offline.storage.pause", message: "暂停" },
  resume: /*i18n*/ { id: "offline.storage.resume", message: "继续" },
  retry: /*i18n*/ { id: "offline.storage.retry", message: "重试" },
  delete: /*i18n*/ { id: "offline.storage.delete", message: "删除" },
  confirmDelete: /*i18n*/ { id: "offline.storage.confirmDelete", message: "删除离线内容“{label}”？" },
  quotaExceeded: /*i18n*/ {
    id: "offline.storage.quotaExceeded",
    message: "存储空间已满，下载已停止。请删除部分离线内容或释放设备空间后点“重试”。",
  },
  waitingNetwork: /*i18n*/ { id: "offline.storage.waitingNetwork", message: "等待网络" },
} satisfies Record<string, MessageDescriptor>;

export const scopeText = {
  sutra: /*i18n*/ { id: "offline.scope.sutra", message: "单经" },
  group: /*i18n*/ { id: "offline.scope.group", message: "自定义分组" },
  category: /*i18n*/ { id: "offline.scope.category", message: "部类" },
  tripitaka: /*i18n*/ { id: "offline.scope.tripitaka", message: "整部藏经" },
} satisfies Record<string, MessageDescriptor>;

export const statusText = {
  planned: /*i18n*/ { id: "offline.status.planned", message: "待下载" },
  downloading: /*i18n*/ { id: "offline.status.downloading", message: "下载中 {done}/{total}" },
  paused: /*i18n*/ { id: "offline.status.paused", message: "已暂停 {done}/{total}" },
  verifying: /*i18n*/ { id: "offline.status.verifying", message: "校验中" },
  complete: /*i18n*/ { id: "offline.status.complete", message: "已完成" },
  failed: /*i18n*/ { id: "offline.status.failed", message: "失败：{reason}" },
} satisfies Record<string, MessageDescriptor>;

export const errorText = {
  QUOTA_EXCEEDED: /*i18n*/ { id: "offline.error.quota", message: "存储空间已满" },
  ITEM_INVALID: /*i18n*/ {
    id: "offline.error.invalid",
    message: "内容与计划不符（服务器上的经文可能已更新），请删除后重新下载",
  },
  MISSING_ITEMS: /*i18n*/ { id: "offline.error.missing", message: "校验发现缺少内容" },
  other: /*i18n*/ { id: "offline.error.other", message: "错误 {code}" },
} satisfies Record<string, MessageDescriptor>;
