/** Text of the character image screen (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { CharGroupSort } from "../../../contract/char-image-rules.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { CharImageColumnId } from "./charImageSearch.ts";

export const charImageText = {
  pageUid: /*i18n*/ { id: "charImage.pageUid", message: "页码" },
  pageUidHint: /*i18n*/ { id: "charImage.pageUidHint", message: "如 GL_79_4_7" },
  charSn: /*i18n*/ { id: "charImage.charSn", message: "字编码" },
  charSnHint: /*i18n*/ { id: "charImage.charSnHint", message: "行.字，如 3.11" },
  sutraUid: /*i18n*/ { id: "charImage.sutraUid", message: "经编码" },
  sutraUidHint: /*i18n*/ { id: "charImage.sutraUidHint", message: "如 GL0079" },
  oneChar: /*i18n*/ { id: "charImage.oneChar", message: "只能填一个字" },
  more: /*i18n*/ { id: "charImage.more", message: "更多" },
  less: /*i18n*/ { id: "charImage.less", message: "收起" },
  tabList: /*i18n*/ { id: "charImage.tab.list", message: "列表" },
  tabGroup: /*i18n*/ { id: "charImage.tab.group", message: "分组" },
  modeTable: /*i18n*/ { id: "charImage.mode.table", message: "表格" },
  modeCard: /*i18n*/ { id: "charImage.mode.card", message: "卡片" },
  groupBy: /*i18n*/ { id: "charImage.groupBy", message: "分组依据" },
  stats: /*i18n*/ { id: "charImage.stats", message: "统计" },
  statsTitle: /*i18n*/ { id: "charImage.statsTitle", message: "当前检索的统计" },
  statsBoxes: /*i18n*/ { id: "charImage.statsBoxes", message: "字图" },
  statsChars: /*i18n*/ { id: "charImage.statsChars", message: "不同的字（{form}）" },
  statsPages: /*i18n*/ { id: "charImage.statsPages", message: "页" },
  statsSutras: /*i18n*/ { id: "charImage.statsSutras", message: "经" },
  statsCategories: /*i18n*/ { id: "charImage.statsCategories", message: "统计项" },
  statsKeepOne: /*i18n*/ { id: "charImage.statsKeepOne", message: "至少保留一项统计" },
  groupSort: /*i18n*/ { id: "charImage.groupSort", message: "排序" },
  tableLabel: /*i18n*/ { id: "charImage.tableLabel", message: "字图列表" },
  cardsLabel: /*i18n*/ { id: "charImage.cardsLabel", message: "字图卡片" },
  groupsLabel: /*i18n*/ { id: "charImage.groupsLabel", message: "按字分组" },
  groupCount: /*i18n*/ { id: "charImage.groupCount", message: "{count} 个" },
  openGroup: /*i18n*/ { id: "charImage.openGroup", message: "查看“{char}”的字图" },
  openChar: /*i18n*/ { id: "charImage.openChar", message: "查看“{char}”所在的列" },
  noText: /*i18n*/ { id: "charImage.noText", message: "（无字）" },
  noImage: /*i18n*/ { id: "charImage.noImage", message: "无图" },
  charAlt: /*i18n*/ { id: "charImage.charAlt", message: "“{char}”的字图" },
  columnAlt: /*i18n*/ { id: "charImage.columnAlt", message: "“{char}”所在列的图像" },
  noColumnImage: /*i18n*/ { id: "charImage.noColumnImage", message: "这一页没有图像" },
  detailTitle: /*i18n*/ { id: "charImage.detailTitle", message: "{page} 第 {line} 列第 {char} 字" },
  openPage: /*i18n*/ { id: "charImage.openPage", message: "在页面中查看" },
  close: /*i18n*/ { id: "charImage.close", message: "关闭" },
  yes: /*i18n*/ { id: "charImage.yes", message: "是" },
  no: /*i18n*/ { id: "charImage.no", message: "否" },
  noneHere: /*i18n*/ { id: "charImage.noneHere", message: "本站尚未收录{tripitaka}的切分字图。" },
} satisfies Record<string, MessageDescriptor>;

/** The group view's orders. */
export const groupSortText = {
  "-count": /*i18n*/ { id: "charImage.groupSort.countDown", message: "字图数从多到少" },
  count: /*i18n*/ { id: "charImage.groupSort.countUp", message: "字图数从少到多" },
  txt: /*i18n*/ { id: "charImage.groupSort.txtUp", message: "按字升序" },
  "-txt": /*i18n*/ { id: "charImage.groupSort.txtDown", message: "按字降序" },
} satisfies Record<CharGroupSort, MessageDescriptor>;

/** The four text forms (spec section 3), as the filters and the grouping name them. */
export const formText = {
  ori_txt: /*i18n*/ { id: "charImage.form.ori_txt", message: "原字" },
  uni_txt: /*i18n*/ { id: "charImage.form.uni_txt", message: "通用字" },
  std_txt: /*i18n*/ { id: "charImage.form.std_txt", message: "正字" },
  sim_txt: /*i18n*/ { id: "charImage.form.sim_txt", message: "简体字" },
} satisfies Record<TxtType, MessageDescriptor>;

export const columnText = {
  image: /*i18n*/ { id: "charImage.column.image", message: "字图" },
  ot: /*i18n*/ { id: "charImage.column.ot", message: "原字" },
  ut: /*i18n*/ { id: "charImage.column.ut", message: "通用字" },
  st: /*i18n*/ { id: "charImage.column.st", message: "正字" },
  mt: /*i18n*/ { id: "charImage.column.mt", message: "简体字" },
  page: /*i18n*/ { id: "charImage.column.page", message: "页码" },
  sn: /*i18n*/ { id: "charImage.column.sn", message: "字编码" },
  sutra: /*i18n*/ { id: "charImage.column.sutra", message: "经编码" },
  sutraName: /*i18n*/ { id: "charImage.column.sutraName", message: "经名" },
  deform: /*i18n*/ { id: "charImage.column.deform", message: "异体字" },
  cc: /*i18n*/ { id: "charImage.column.cc", message: "置信度" },
} satisfies Record<CharImageColumnId, MessageDescriptor>;
