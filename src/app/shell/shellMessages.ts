/** Text of the header and its menus. */
import type { MessageDescriptor } from "@lingui/core";

export const shellText = {
  home: /*i18n*/ { id: "shell.home", message: "首页" },
  specialTopics: /*i18n*/ { id: "shell.specialTopics", message: "专题" },
  introduction: /*i18n*/ { id: "shell.introduction", message: "简介" },
  notice: /*i18n*/ { id: "shell.notice", message: "公告" },
  help: /*i18n*/ { id: "shell.help", message: "帮助" },
  catalogue: /*i18n*/ { id: "shell.catalogue", message: "经目" },
  login: /*i18n*/ { id: "shell.login", message: "登录" },
  userMenu: /*i18n*/ { id: "shell.userMenu", message: "用户菜单" },
  basicInfo: /*i18n*/ { id: "shell.basicInfo", message: "基本信息" },
  charCollection: /*i18n*/ { id: "shell.charCollection", message: "集字" },
  applyResearcher: /*i18n*/ { id: "shell.applyResearcher", message: "申请成为研究者" },
  applicationPending: /*i18n*/ { id: "shell.applicationPending", message: "研究者申请：审核中" },
  applicationRejected: /*i18n*/ { id: "shell.applicationRejected", message: "研究者申请：未通过" },
  applicationApproved: /*i18n*/ { id: "shell.applicationApproved", message: "研究者申请：已通过" },
  terms: /*i18n*/ { id: "shell.terms", message: "用户协议" },
  privacy: /*i18n*/ { id: "shell.privacy", message: "隐私政策" },
  logout: /*i18n*/ { id: "shell.logout", message: "退出登录" },
  admin: /*i18n*/ { id: "shell.admin", message: "管理" },
} satisfies Record<string, MessageDescriptor>;
