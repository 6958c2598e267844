/**
 * The roles a user has after the administrator ticks or clears one box of the row's group (spec
 * sections 4 and 6): always in the order of the three, and never none, since every user keeps a role.
 */
import type { I18n } from "@lingui/core";
import { ROLES, type Role } from "../../../../contract/account-rules.ts";
import { roleText } from "./text.ts";

/** The roles in the order the screen shows them, each once. */
export const inRoleOrder = (roles: readonly Role[]): Role[] => ROLES.filter((role) => roles.includes(role));

/** The roles after the change; null when it would leave the user with none. */
export function toggledRoles(roles: readonly Role[], role: Role, checked: boolean): Role[] | null {
  const next = checked ? [...roles, role] : roles.filter((held) => held !== role);
  const ordered = inRoleOrder(next);
  return ordered.length > 0 ? ordered : null;
}

/** The box of `role` cannot be cleared when it is the user's only role. */
export const isLastRole = (roles: readonly Role[], role: Role): boolean =>
  roles.length === 1 && roles[0] === role;

/** "后台管理员和研究者": the role names as a list in the reader's language. */
export function roleNames(i18n: I18n, roles: readonly Role[]): string {
  const names = inRoleOrder(roles).map((role) => i18n._(roleText[role]));
  return new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(names);
}
