/** Text of offline search on the search page (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const offlineSearchText = {
  localSearch: /*i18n*/ { id: "offline.search.local", message: "本地搜索" },
  localSearchHint: /*i18n*/ {
    id: "offline.search.localHint",
    message: "只在已下载到本机的经文中检索，不连接服务器",
  },
  local: /*i18n*/ { id: "offline.search.source.local", message: "本地" },
  server: /*i18n*/ { id: "offline.search.source.server", message: "在线" },
  localNote: /*i18n*/ { id: "offline.search.source.localNote", message: "来自已下载到本机的经文" },
  serverNote: /*i18n*/ { id: "offline.search.source.serverNote", message: "来自服务器的全部经文" },
  serverPending: /*i18n*/ { id: "offline.search.serverPending", message: "在线结果载入中……" },
  nothingTitle: /*i18n*/ { id: "offline.search.nothingTitle", message: "没有可离线检索的经文" },
  nothingOffline: /*i18n*/ {
    id: "offline.search.nothingOffline",
    message: "现在没有网络连接，只能检索已下载到本机的经文，而这部藏经还没有下载任何经文。",
  },
  nothingLocal: /*i18n*/ {
    id: "offline.search.nothingLocal",
    message: "本地搜索只检索已下载到本机的经文，而这部藏经还没有下载任何经文。",
  },
  downloads: /*i18n*/ { id: "offline.search.downloads", message: "管理离线下载" },
  indexing: /*i18n*/ {
    id: "offline.search.indexing",
    message: "正在为已下载的经文建立索引，结果可能还不完整",
  },
} satisfies Record<string, MessageDescriptor>;
