/** Text of the citation screen (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const citeText = {
  title: /*i18n*/ { id: "cite.title", message: "打开引文" },
  resolving: /*i18n*/ { id: "cite.resolving", message: "正在查找 {reference} …" },
  EMPTY: /*i18n*/ { id: "cite.error.EMPTY", message: "没有输入引文。" },
  UNKNOWN_FORM: /*i18n*/ {
    id: "cite.error.UNKNOWN_FORM",
    message:
      "无法识别这条引文。可用的写法如 T08n0251_p0848c07、CBETA, T08, no. 251, p. 848c7、大正藏第8冊第848頁下欄、T8.848c 或 QL_24_17。",
  },
  UNKNOWN_COLLECTION: /*i18n*/ {
    id: "cite.error.UNKNOWN_COLLECTION",
    message: "本站没有收录 CBETA 的 {collection} 藏。",
  },
  AMBIGUOUS: /*i18n*/ {
    id: "cite.error.AMBIGUOUS",
    message: "引文没有注明栏（上、中、下栏，即 a、b、c），可能是以下任一页：",
  },
  BAD_RANGE: /*i18n*/ { id: "cite.error.BAD_RANGE", message: "引文的结束行在开始行之前。" },
  missing: /*i18n*/ { id: "cite.missing", message: "本站没有收录 {page} 这一页或这一行。" },
  offline: /*i18n*/ {
    id: "cite.offline",
    message: "{page} 尚未下载到本设备，且现在无法连接服务器。联网后再试，或先下载这部经。",
  },
  retry: /*i18n*/ { id: "cite.retry", message: "重试" },
  failed: /*i18n*/ { id: "cite.failed", message: "查找引文失败：{reason}" },
} satisfies Record<string, MessageDescriptor>;
