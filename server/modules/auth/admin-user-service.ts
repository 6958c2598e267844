/**
 * User administration (spec sections 3, 4, 6 and 7, "User admin"): the list of users, one user,
 * and the change of a user's roles, which takes effect at the user's next request. The site always
 * keeps an administrator: a change that would leave no active user with the admin role is refused,
 * so administrators may take their own admin role away only while another one remains.
 */
import type { Kysely } from "kysely";
import type { Role } from "../../../contract/accounts.ts";
import type { AdminUser, AdminUserListQuery } from "../../../contract/admin-users.ts";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import type { Dialect } from "../../db/connect.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { sameRoles } from "./admin.ts";
import {
  type AdminUserRow,
  findUserForAdmin,
  listUsersForAdmin,
  lockActiveAdmins,
} from "./admin-user-repository.ts";
import { updateUserEndingSessions } from "./sessions.ts";

export type AdminUserCtx = { db: Kysely<Database>; dialect: Dialect; now: () => number };

export const LAST_ADMIN_MSG =
  "this is the last administrator: give another user the admin role before taking it from this one";

export function toAdminUser(user: AdminUserRow): AdminUser {
  return {
    _id: user.id,
    avatar: user.avatar,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    phone: user.phone,
    status: user.status,
    roles: user.roles,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

export async function listAdminUsers(
  ctx: AdminUserCtx,
  query: AdminUserListQuery,
): Promise<Paged<AdminUser>> {
  const { total, rows } = await listUsersForAdmin(
    ctx.db,
    ctx.dialect,
    {
      username: query.username,
      nickname: query.nickname,
      email: query.email,
      phone: query.phone,
      role: query.role,
    },
    query.sort_by,
    pageRequestOf(query),
  );
  return pageOf(total, query, rows.map(toAdminUser));
}

/** The user, or 606 (the catalogue's "user does not exist"), as for a change of roles. */
export async function getAdminUser(db: Kysely<Database>, userId: number): Promise<AdminUser> {
  const user = await findUserForAdmin(db, userId);
  if (!user) throw new ApiError(606);
  return toAdminUser(user);
}

/**
 * Gives the user these roles (606 when there is no such user; 422 when it would take the admin
 * role from the last active administrator). Their access tokens are refused from now on and their
 * refresh tokens kept, so each of their devices carries on with the new roles after one refresh.
 */
export async function changeRoles(
  ctx: AdminUserCtx,
  userId: number,
  requested: readonly Role[],
): Promise<AdminUser> {
  const roles = [...new Set(requested)];
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserForAdmin(trx, userId);
    if (!user) throw new ApiError(606);
    if (sameRoles(roles, user.roles)) return toAdminUser(user);
    if (user.roles.includes("admin") && !roles.includes("admin")) {
      const admins = await lockActiveAdmins(trx, ctx.dialect);
      if (!admins.some((id) => id !== userId)) throw new ApiError(422, LAST_ADMIN_MSG);
    }
    await updateUserEndingSessions(trx, userId, { roles }, now, "access tokens");
    return toAdminUser({ ...user, roles, updated_at: now });
  });
}
