/** Text of the search page (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { Folding, SearchMode, TransMode } from "../../../contract/search-options.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { FilterGroup } from "./filterPanel.ts";

export const searchText = {
  keyword: /*i18n*/ { id: "search.keyword", message: "检索词" },
  placeholder: /*i18n*/ { id: "search.placeholder", message: "输入检索词，多个词以空格分隔" },
  submit: /*i18n*/ { id: "search.submit", message: "检索" },
  mode: /*i18n*/ { id: "search.mode", message: "检索方式" },
  scope: /*i18n*/ { id: "search.scope", message: "检索范围" },
  scopeAll: /*i18n*/ { id: "search.scopeAll", message: "全部经典" },
  advanced: /*i18n*/ { id: "search.advanced", message: "高级检索" },
  recent: /*i18n*/ { id: "search.recent", message: "最近检索" },
  clearRecent: /*i18n*/ { id: "search.clearRecent", message: "清空记录" },
  tips: /*i18n*/ { id: "search.tips", message: "经名提示" },
  enterKeyword: /*i18n*/ { id: "search.enterKeyword", message: "输入检索词后开始检索" },
  settings: /*i18n*/ { id: "search.settings", message: "检索设置" },
  textType: /*i18n*/ { id: "search.textType", message: "文本类型" },
  conversion: /*i18n*/ { id: "search.conversion", message: "检索词转换" },
  sutras: /*i18n*/ { id: "search.sutras", message: "经典" },
  sutrasFilter: /*i18n*/ { id: "search.sutrasFilter", message: "输入经名或经号" },
  chosenSutras: /*i18n*/ { id: "search.chosenSutras", message: "已选 {count} 部" },
  clearScope: /*i18n*/ { id: "search.clearScope", message: "清空范围" },
  filters: /*i18n*/ { id: "search.filters", message: "结果筛选" },
  optionCounts: /*i18n*/ { id: "search.optionCounts", message: "{reels} 卷 / {hits} 处" },
  apply: /*i18n*/ { id: "search.apply", message: "应用" },
  clearAll: /*i18n*/ { id: "search.clearAll", message: "清除全部" },
  summary: /*i18n*/ { id: "search.summary", message: "共 {reels} 卷，命中 {hits} 处" },
  limited: /*i18n*/ { id: "search.limited", message: "结果较多，仅显示前 {limit} 卷" },
  noSearchResult: /*i18n*/ { id: "search.noSearchResult", message: "未检索到相关内容" },
  matchedSutras: /*i18n*/ { id: "search.matchedSutras", message: "相关经典" },
  watchMore: /*i18n*/ { id: "search.watchMore", message: "查看更多" },
  hits: /*i18n*/ { id: "search.hits", message: "{count} 处" },
  tenThousands: /*i18n*/ { id: "search.count.tenThousands", message: "{count}万" },
  openReel: /*i18n*/ { id: "search.openReel", message: "阅读原文" },
  preview: /*i18n*/ { id: "search.preview", message: "预览全文" },
  previewTitle: /*i18n*/ { id: "search.previewTitle", message: "全文预览" },
  closePreview: /*i18n*/ { id: "search.closePreview", message: "关闭预览" },
  resize: /*i18n*/ { id: "search.resize", message: "拖动调整宽度" },
  sort: /*i18n*/ { id: "search.sort", message: "排序" },
  layout: /*i18n*/ { id: "search.layout", message: "显示方式" },
  tile: /*i18n*/ { id: "search.layout.tile", message: "平铺" },
  compact: /*i18n*/ { id: "search.layout.compact", message: "紧凑" },
  results: /*i18n*/ { id: "search.results", message: "检索结果" },
  sutra: /*i18n*/ { id: "search.col.sutra", message: "经名" },
  reel: /*i18n*/ { id: "search.col.reel", message: "卷" },
  author: /*i18n*/ { id: "search.col.author", message: "译著者" },
  hitCount: /*i18n*/ { id: "search.col.hits", message: "命中" },
  snippet: /*i18n*/ { id: "search.col.snippet", message: "摘要" },
} satisfies Record<string, MessageDescriptor>;

/** Search in the other editions' readings (contract/search-readings.ts). */
export const readingsText = {
  option: /*i18n*/ { id: "search.readings.option", message: "同时检索其他版本的异文" },
  optionHint: /*i18n*/ {
    id: "search.readings.optionHint",
    message: "在校勘记所载宋、元、明等版本的异文中查找，列出只见于异文、底本此处不同的文句",
  },
  title: /*i18n*/ { id: "search.readings.title", message: "仅见于其他版本异文（{count}）" },
  limited: /*i18n*/ { id: "search.readings.limited", message: "仅列出前 {limit} 处" },
  none: /*i18n*/ { id: "search.readings.none", message: "其他版本的异文中也未检索到" },
  witnesses: /*i18n*/ { id: "search.readings.witnesses", message: "异文版本" },
} satisfies Record<string, MessageDescriptor>;

export const modeText = {
  fuzzy: /*i18n*/ { id: "search.mode.fuzzy", message: "模糊检索" },
  exact: /*i18n*/ { id: "search.mode.exact", message: "精确检索" },
} satisfies Record<SearchMode, MessageDescriptor>;

/** The foldings of fuzzy search, as chips on the snippets. */
export const foldingText = {
  variant: /*i18n*/ { id: "search.folding.variant", message: "异体字" },
  trad_sim: /*i18n*/ { id: "search.folding.tradSim", message: "繁简" },
  gaiji: /*i18n*/ { id: "search.folding.gaiji", message: "缺字" },
} satisfies Record<Folding, MessageDescriptor>;

export const foldingHelp = {
  variant: /*i18n*/ {
    id: "search.folding.variant.help",
    message: "命中的字是检索词用字的异体字（据 CBETA 异体字表）。点击后不再按异体字匹配。",
  },
  trad_sim: /*i18n*/ {
    id: "search.folding.tradSim.help",
    message: "命中的字与检索词用字经繁简转换后相同。点击后不再按繁简匹配。",
  },
  gaiji: /*i18n*/ {
    id: "search.folding.gaiji.help",
    message: "命中的字是缺字（Unicode 未收的字），其通用字与检索词用字相同。点击后不再按缺字匹配。",
  },
} satisfies Record<Folding, MessageDescriptor>;

export const foldingsText = {
  used: /*i18n*/ { id: "search.foldings.used", message: "模糊匹配方式" },
  off: /*i18n*/ { id: "search.foldings.off", message: "已关闭的模糊匹配：" },
  switchOn: /*i18n*/ { id: "search.foldings.switchOn", message: "重新启用“{name}”匹配" },
} satisfies Record<string, MessageDescriptor>;

export const txtTypeText = {
  ori_txt: /*i18n*/ { id: "search.txt.ori", message: "原始文本" },
  uni_txt: /*i18n*/ { id: "search.txt.uni", message: "通用文本" },
  std_txt: /*i18n*/ { id: "search.txt.std", message: "繁体文本" },
  sim_txt: /*i18n*/ { id: "search.txt.sim", message: "简体文本" },
} satisfies Record<TxtType, MessageDescriptor>;

export const transModeText = {
  uni2default: /*i18n*/ { id: "search.trans.auto", message: "自动" },
  uni2std: /*i18n*/ { id: "search.trans.std", message: "转为繁体" },
  uni2sim: /*i18n*/ { id: "search.trans.sim", message: "转为简体" },
  none: /*i18n*/ { id: "search.trans.none", message: "不转换" },
} satisfies Record<TransMode, MessageDescriptor>;

export const groupText = {
  sutra_group_names: /*i18n*/ { id: "search.group.groups", message: "自定义分组" },
  categories: /*i18n*/ { id: "search.group.categories", message: "部类" },
  dynasties: /*i18n*/ { id: "search.group.dynasties", message: "朝代" },
  authors: /*i18n*/ { id: "search.group.authors", message: "译著者" },
} satisfies Record<FilterGroup, MessageDescriptor>;

export const sortText = {
  hit: /*i18n*/ { id: "search.sort.hit", message: "命中数" },
  sutra_uid: /*i18n*/ { id: "search.sort.sutraUid", message: "经号" },
  start_year: /*i18n*/ { id: "search.sort.startYear", message: "起始年代" },
  end_year: /*i18n*/ { id: "search.sort.endYear", message: "终止年代" },
} satisfies Record<string, MessageDescriptor>;
