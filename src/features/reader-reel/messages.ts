/** Text of the reel reader's settings and keyboard help (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const readerText = {
  settings: /*i18n*/ { id: "reader.settings", message: "阅读设置" },
  textType: /*i18n*/ { id: "reader.textType", message: "文本类型" },
  ori_txt: /*i18n*/ { id: "reader.txt.ori", message: "原始文本" },
  uni_txt: /*i18n*/ { id: "reader.txt.uni", message: "通用文本" },
  std_txt: /*i18n*/ { id: "reader.txt.std", message: "繁体文本" },
  sim_txt: /*i18n*/ { id: "reader.txt.sim", message: "简体文本" },
  fontSize: /*i18n*/ { id: "reader.fontSize", message: "字号" },
  lineSpacing: /*i18n*/ { id: "reader.lineSpacing", message: "行距" },
  wordSpacing: /*i18n*/ { id: "reader.wordSpacing", message: "字距" },
  lineShow: /*i18n*/ { id: "reader.lineShow", message: "按原书换行" },
  lineHeadShow: /*i18n*/ { id: "reader.lineHeadShow", message: "显示行首编号" },
  punctuationShow: /*i18n*/ { id: "reader.punctuationShow", message: "显示标点" },
  backToTop: /*i18n*/ { id: "reader.backToTop", message: "回到顶部" },
  quickSearch: /*i18n*/ { id: "reader.quickSearch", message: "卷内查找" },
  matchCount: /*i18n*/ { id: "reader.matchCount", message: "{current} / {total}" },
} satisfies Record<string, MessageDescriptor>;
