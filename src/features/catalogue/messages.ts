/** Text of the catalogue drawer's groups (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const groupText = {
  catalogueTab: /*i18n*/ { id: "groups.catalogueTab", message: "经目" },
  groupsTab: /*i18n*/ { id: "groups.groupsTab", message: "我的分组" },
  newGroup: /*i18n*/ { id: "groups.newGroup", message: "新建分组" },
  name: /*i18n*/ { id: "groups.name", message: "分组名称" },
  nameRule: /*i18n*/ { id: "groups.nameRule", message: "请输入分组名称（不超过 20 个字）" },
  rename: /*i18n*/ { id: "groups.rename", message: "重命名" },
  delete: /*i18n*/ { id: "groups.delete", message: "删除" },
  moveUp: /*i18n*/ { id: "groups.moveUp", message: "上移" },
  moveDown: /*i18n*/ { id: "groups.moveDown", message: "下移" },
  save: /*i18n*/ { id: "groups.save", message: "保存" },
  cancel: /*i18n*/ { id: "groups.cancel", message: "取消" },
  confirmDelete: /*i18n*/ {
    id: "groups.confirmDelete",
    message: "分组“{name}”中还有 {count} 部经，确定删除吗？",
  },
  noGroups: /*i18n*/ { id: "groups.noGroups", message: "还没有分组。" },
  sutraCount: /*i18n*/ { id: "groups.sutraCount", message: "{count} 部" },
  remove: /*i18n*/ { id: "groups.remove", message: "移出" },
  created: /*i18n*/ { id: "groups.created", message: "分组已创建" },
  updated: /*i18n*/ { id: "groups.updated", message: "分组已更新" },
  addToGroup: /*i18n*/ { id: "groups.addToGroup", message: "加入分组" },
  selectSutras: /*i18n*/ { id: "groups.selectSutras", message: "请至少选择一部经" },
  added: /*i18n*/ { id: "groups.added", message: "已加入分组" },
  allSutras: /*i18n*/ { id: "groups.allSutras", message: "全部经目" },
  filter: /*i18n*/ { id: "groups.filter", message: "按分组筛选" },
  select: /*i18n*/ { id: "groups.select", message: "选择" },
} satisfies Record<string, MessageDescriptor>;
