/** Text of the "not available offline" state of the readers and the catalogue drawer (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const offlineReadingText = {
  title: /*i18n*/ { id: "offline.reading.title", message: "尚未下载，离线时无法阅读" },
  reel: /*i18n*/ {
    id: "offline.reading.reel",
    message: "这一卷（{uid}）的这种文本还没有下载到本机，现在也没有网络连接。",
  },
  page: /*i18n*/ {
    id: "offline.reading.page",
    message: "这一页（{uid}）还没有下载到本机，现在也没有网络连接。",
  },
  sutra: /*i18n*/ {
    id: "offline.reading.sutra",
    message: "这部经（{uid}）还没有下载到本机，现在也没有网络连接。",
  },
  catalogue: /*i18n*/ {
    id: "offline.reading.catalogue",
    message: "{uid} 的经目还没有下载到本机，现在也没有网络连接。",
  },
  tripitakas: /*i18n*/ {
    id: "offline.reading.tripitakas",
    message: "藏经列表还没有保存到本机，现在也没有网络连接。",
  },
  storedForms: /*i18n*/ { id: "offline.reading.storedForms", message: "本机已下载这一卷的：" },
  download: /*i18n*/ { id: "offline.reading.download", message: "联网后下载" },
  reload: /*i18n*/ { id: "offline.reading.reload", message: "网络已恢复，重新载入" },
} satisfies Record<string, MessageDescriptor>;

export const storedFormText = {
  ori_txt: /*i18n*/ { id: "offline.reading.txt.ori", message: "原始文本" },
  uni_txt: /*i18n*/ { id: "offline.reading.txt.uni", message: "通用文本" },
  std_txt: /*i18n*/ { id: "offline.reading.txt.std", message: "繁体文本" },
  sim_txt: /*i18n*/ { id: "offline.reading.txt.sim", message: "简体文本" },
} satisfies Record<string, MessageDescriptor>;
