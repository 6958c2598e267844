/**
 * Text of the installed app's shell: the update prompt, the offline indicator and the link to the
 * storage panel (simplified Chinese source). Kept apart from the storage panel's text, which loads
 * with that screen.
 */
import type { MessageDescriptor } from "@lingui/core";

export const pwaText = {
  updateReady: /*i18n*/ { id: "pwa.updateReady", message: "新版本可用" },
  updateHint: /*i18n*/ { id: "pwa.updateHint", message: "重新载入后即可使用新版本。" },
  reload: /*i18n*/ { id: "pwa.reload", message: "重新载入" },
  later: /*i18n*/ { id: "pwa.later", message: "稍后" },
  offline: /*i18n*/ { id: "pwa.offline", message: "离线" },
  storageTitle: /*i18n*/ { id: "offline.storage.title", message: "离线存储" },
  offlineHint: /*i18n*/ {
    id: "pwa.offlineHint",
    message: "当前无法连接网络：已下载的经文仍可阅读，您的修改将在联网后同步。",
  },
} satisfies Record<string, MessageDescriptor>;
