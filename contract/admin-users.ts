/**
 * An administrator's calls on user accounts (spec sections 3, 6, 7 "User admin" and 9): the list
 * of users with its filters, order and paging, the admin view of one user, and the change of a
 * user's roles among the three.
 */
import { z } from "zod";
import { EMAIL_MAX, NICKNAME_MAX, ROLES, USERNAME_MAX } from "./account-rules.ts";
import { roleSchema } from "./accounts.ts";
import {
  ADMIN_USER_PAGE_SIZE,
  ADMIN_USER_PAGE_SIZE_MAX,
  ADMIN_USER_SORTS,
  DEFAULT_ADMIN_USER_SORT,
  PHONE_FILTER_MAX,
} from "./admin-user-rules.ts";
import { containsFilter, pageQuery, rowIdSchema } from "./list-queries.ts";
import { adminListQuery } from "./spec-names.ts";

export type { AdminUserSort, AdminUserSortField } from "./admin-user-rules.ts";
export { ADMIN_USER_SORT_FIELDS, ADMIN_USER_SORTS, DEFAULT_ADMIN_USER_SORT } from "./admin-user-rules.ts";

/**
 * `GET /v1/admin/users`. The text filters match users whose field contains them, ignoring the case
 * of Latin letters; an empty one matches every user. `role` keeps users who have that role.
 */
export const adminUserListQuery = adminListQuery(
  pageQuery(ADMIN_USER_PAGE_SIZE, ADMIN_USER_PAGE_SIZE_MAX).extend({
    username: containsFilter(USERNAME_MAX),
    nickname: containsFilter(NICKNAME_MAX),
    email: containsFilter(EMAIL_MAX),
    phone: containsFilter(PHONE_FILTER_MAX),
    role: roleSchema.optional(),
    sort_by: z.enum(ADMIN_USER_SORTS).default(DEFAULT_ADMIN_USER_SORT),
  }),
);
export type AdminUserListQuery = z.output<typeof adminUserListQuery>;

export const adminUserParams = z.object({ id: rowIdSchema });

/** `roles` as one comma-joined value (`roles=reader,researcher`) or repeated (`roles=a&roles=b`). */
export const userRolesQuery = z.object({
  roles: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(","))
        .map((role) => role.trim())
        .filter((role) => role !== ""),
    )
    .pipe(z.array(roleSchema).min(1).max(ROLES.length)),
});

export const adminUserSchema = z.object({
  _id: z.number().int(),
  avatar: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  roles: z.array(roleSchema),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
