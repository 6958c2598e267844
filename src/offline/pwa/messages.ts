/** Text of the installed app's shell: the update prompt and the offline indicator (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const pwaText = {
  updateReady: /*i18n*/ { id: "pwa.updateReady", message: "新版本可用" },
  updateHint: /*i18n*/ { id: "pwa.updateHint", message: "重新载入后即可使用新版本。" },
  reload: /*i18n*/ { id: "pwa.reload", message: "重新载入" },
  later: /*i18n*/ { id: "pwa.later", message: "稍后" },
  offline: /*i18n*/ { id: "pwa.offline", message: "离线" },
  offlineHint: /*i18n*/ {
    id: "pwa.offlineHint",
    message: "当前无法连接网络：已下载的经文仍可阅读，您的修改将在联网后同步。",
  },
} satisfies Record<string, MessageDescriptor>;
