/** Text shared by the list screens (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const listScreenText = {
  search: /*i18n*/ { id: "list.search", message: "查询" },
  clear: /*i18n*/ { id: "list.clear", message: "重置" },
  filters: /*i18n*/ { id: "list.filters", message: "筛选条件" },
  empty: /*i18n*/ { id: "list.empty", message: "没有符合条件的记录" },
  elsewhere: /*i18n*/ { id: "list.elsewhere", message: "收录这类记录的藏经：" },
  elsewhereItem: /*i18n*/ { id: "list.elsewhereItem", message: "{tripitaka}（{count} 条）" },
  listSeparator: /*i18n*/ { id: "list.separator", message: "、" },
  any: /*i18n*/ { id: "list.any", message: "全部" },
  actions: /*i18n*/ { id: "list.actions", message: "操作" },
} satisfies Record<string, MessageDescriptor>;
