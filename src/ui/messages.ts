/** Text of the shared parts: column chooser, pager, file picker (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const uiText = {
  columns: /*i18n*/ { id: "ui.columns", message: "显示列" },
  keepOneColumn: /*i18n*/ { id: "ui.keepOneColumn", message: "至少保留一列" },
  selectAll: /*i18n*/ { id: "ui.selectAll", message: "全选本页" },
  selectRow: /*i18n*/ { id: "ui.selectRow", message: "选择 {name}" },
  prevPage: /*i18n*/ { id: "ui.prevPage", message: "上一页" },
  nextPage: /*i18n*/ { id: "ui.nextPage", message: "下一页" },
  page: /*i18n*/ { id: "ui.page", message: "第 {page} 页" },
  morePages: /*i18n*/ { id: "ui.morePages", message: "更多页" },
  total: /*i18n*/ { id: "ui.total", message: "共 {total} 条" },
  pageSize: /*i18n*/ { id: "ui.pageSize", message: "每页条数" },
  perPage: /*i18n*/ { id: "ui.perPage", message: "{size} 条/页" },
  pagination: /*i18n*/ { id: "ui.pagination", message: "分页" },
  chooseFile: /*i18n*/ { id: "ui.chooseFile", message: "选择文件" },
  noFileChosen: /*i18n*/ { id: "ui.noFileChosen", message: "未选择文件" },
} satisfies Record<string, MessageDescriptor>;
