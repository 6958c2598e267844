/** Text of the dynamic font tip (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const fontText = {
  notInstalled: /*i18n*/ {
    id: "fonts.notInstalled",
    message: "本机字体缺少 {count} 个字，已改用在线字体显示。",
  },
  keep: /*i18n*/ { id: "fonts.keep", message: "下载到本机" },
  dismiss: /*i18n*/ { id: "fonts.dismiss", message: "不再提示" },
  tipLabel: /*i18n*/ { id: "fonts.tipLabel", message: "字体提示" },
} satisfies Record<string, MessageDescriptor>;
