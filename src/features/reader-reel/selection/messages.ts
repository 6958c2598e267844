/** Text of the reel reader's selection menu and quote-copy drawer (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const selectionText = {
  menu: /*i18n*/ { id: "selection.menu", message: "选中文本操作" },
  dictZdic: /*i18n*/ { id: "selection.dict.zdic", message: "查汉典" },
  dictVariants: /*i18n*/ { id: "selection.dict.variants", message: "查异体字字典" },
  dictDdb: /*i18n*/ { id: "selection.dict.ddb", message: "查佛学辞典" },
  search: /*i18n*/ { id: "selection.search", message: "检索" },
  copy: /*i18n*/ { id: "selection.copy", message: "复制" },
  quoteCopy: /*i18n*/ { id: "selection.quoteCopy", message: "引用复制" },
  feedback: /*i18n*/ { id: "selection.feedback", message: "反馈" },
  copySuccess: /*i18n*/ { id: "common.tips.copySuccess", message: "复制成功" },
  copyFail: /*i18n*/ { id: "common.tips.copyFail", message: "复制失败" },
  quoteTitle: /*i18n*/ { id: "quote.title", message: "引用复制" },
  quotePreview: /*i18n*/ { id: "quote.preview", message: "引用文本" },
  quoteCopyButton: /*i18n*/ { id: "quote.copy", message: "复制引用" },
  sutraPosition: /*i18n*/ { id: "quote.sutraPosition", message: "经名位置" },
  sutraAfter: /*i18n*/ { id: "quote.sutraAfter", message: "引文之后" },
  sutraBefore: /*i18n*/ { id: "quote.sutraBefore", message: "引文之前" },
  citeStyle: /*i18n*/ { id: "quote.citeStyle", message: "出处格式" },
  citeSite: /*i18n*/ { id: "quote.citeSite", message: "本站" },
  citeCbeta: /*i18n*/ { id: "quote.citeCbeta", message: "CBETA" },
  showTitle: /*i18n*/ { id: "quote.showTitle", message: "显示标题" },
  showSymbol: /*i18n*/ { id: "quote.showSymbol", message: "显示标点" },
  showParagraph: /*i18n*/ { id: "quote.showParagraph", message: "保留分段" },
  productCode: /*i18n*/ { id: "quote.productCode", message: "藏经阅读" },
  source: /*i18n*/ { id: "quote.source", message: "文本来源：{title}" },
} satisfies Record<string, MessageDescriptor>;
