/** The admin user list's rules (spec sections 7 and 9) as plain values; the schemas are in admin-users.ts. */

/** Spec section 9: admin users, 10 a page. */
export const ADMIN_USER_PAGE_SIZE = 10;
export const ADMIN_USER_PAGE_SIZE_MAX = 100;
/** Longest phone filter: a phone number with its country code and separators. */
export const PHONE_FILTER_MAX = 20;

/** The fields the list sorts on; a leading minus sorts descending. */
export const ADMIN_USER_SORT_FIELDS = [
  "username",
  "nickname",
  "email",
  "phone",
  "created_at",
  "updated_at",
] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];
export const ADMIN_USER_SORTS = [
  "username",
  "-username",
  "nickname",
  "-nickname",
  "email",
  "-email",
  "phone",
  "-phone",
  "created_at",
  "-created_at",
  "updated_at",
  "-updated_at",
] as const satisfies readonly (AdminUserSortField | `-${AdminUserSortField}`)[];
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const DEFAULT_ADMIN_USER_SORT: AdminUserSort = "-created_at";
