/** Text of the administrator's user list (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { Role } from "../../../../contract/accounts.ts";

export const adminUserText = {
  avatar: /*i18n*/ { id: "admin.users.avatar", message: "头像" },
  username: /*i18n*/ { id: "admin.users.username", message: "用户名" },
  nickname: /*i18n*/ { id: "admin.users.nickname", message: "昵称" },
  email: /*i18n*/ { id: "admin.users.email", message: "邮箱" },
  phone: /*i18n*/ { id: "admin.users.phone", message: "手机号" },
  status: /*i18n*/ { id: "admin.users.status", message: "状态" },
  roles: /*i18n*/ { id: "admin.users.roles", message: "角色" },
  createdAt: /*i18n*/ { id: "admin.users.createdAt", message: "注册时间" },
  updatedAt: /*i18n*/ { id: "admin.users.updatedAt", message: "更新时间" },
  none: /*i18n*/ { id: "admin.users.none", message: "—" },
  tableLabel: /*i18n*/ { id: "admin.users.tableLabel", message: "用户列表" },
  rolesOf: /*i18n*/ { id: "admin.users.rolesOf", message: "{name} 的角色" },
  rolesChanged: /*i18n*/ {
    id: "admin.users.rolesChanged",
    message: "修改成功：{name} 的角色已改为 {roles}",
  },
  lastAdminKept: /*i18n*/ {
    id: "admin.users.lastAdminKept",
    message: "这是最后一位管理员：请先把管理员角色给另一位用户，再取消此用户的管理员角色",
  },
} satisfies Record<string, MessageDescriptor>;

/** The role names (spec section 6). */
export const roleText = {
  admin: /*i18n*/ { id: "admin.users.roleName.admin", message: "后台管理员" },
  researcher: /*i18n*/ { id: "admin.users.roleName.researcher", message: "研究者" },
  reader: /*i18n*/ { id: "admin.users.roleName.reader", message: "普通读者" },
} satisfies Record<Role, MessageDescriptor>;

/** Account states; a state this version does not know is shown as the server names it. */
export const userStatusText: Partial<Record<string, MessageDescriptor>> = {
  active: /*i18n*/ { id: "admin.users.state.active", message: "正常" },
  disabled: /*i18n*/ { id: "admin.users.state.disabled", message: "已停用" },
};
