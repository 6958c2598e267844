/** Text of the header and its menus. */
import type { MessageDescriptor } from "@lingui/core";

export const shellText = {
  home: /*i18n*/ { id: "shell.home", message: "首页" },
  specialTopics: /*i18n*/ { id: "shell.specialTopics", message: "专题" },
  catalogue: /*i18n*/ { id: "shell.catalogue", message: "经目" },
  login: /*i18n*/ { id: "shell.login", message: "登录" },
  userMenu: /*i18n*/ { id: "shell.userMenu", message: "用户菜单" },
  basicInfo: /*i18n*/ { id: "shell.basicInfo", message: "基本信息" },
  terms: /*i18n*/ { id: "shell.terms", message: "用户协议" },
  privacy: /*i18n*/ { id: "shell.privacy", message: "隐私政策" },
  logout: /*i18n*/ { id: "shell.logout", message: "退出登录" },
  admin: /*i18n*/ { id: "shell.admin", message: "管理" },
} satisfies Record<string, MessageDescriptor>;
