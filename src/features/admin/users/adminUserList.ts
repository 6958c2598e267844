/**
 * The query of `/admin/user/list` (spec sections 2, 7, 9): username, nickname, e-mail and phone
 * contain the typed text, role is one of the three; sortable on the text fields and the two
 * times, newest first unless chosen otherwise. All columns show at first.
 */
import { ROLES } from "../../../../contract/account-rules.ts";
import { ADMIN_USER_SORTS, DEFAULT_ADMIN_USER_SORT } from "../../../../contract/admin-user-rules.ts";
import type { ListShape } from "../../list-screen/listSearch.ts";

const filters = {
  username: "text",
  nickname: "text",
  email: "text",
  phone: "text",
  role: ROLES,
} as const;

export const ADMIN_USER_LIST: ListShape<typeof filters> = {
  filters,
  sorts: ADMIN_USER_SORTS,
  defaultSort: DEFAULT_ADMIN_USER_SORT,
};

export const ADMIN_USER_COLUMN_IDS = [
  "avatar",
  "username",
  "nickname",
  "email",
  "phone",
  "status",
  "roles",
  "createdAt",
  "updatedAt",
] as const;
export type AdminUserColumnId = (typeof ADMIN_USER_COLUMN_IDS)[number];
export const ADMIN_USER_COLUMNS_KEY = "canon-reader.columns.admin-users";
