/**
 * Administrators: the first one, from ADMIN_USERNAME and ADMIN_PASSWORD at start or the admin
 * command, and an administrator's change of a user's roles.
 */
import type { Kysely } from "kysely";
import { passwordSchema, type Role, usernameSchema } from "../../../contract/accounts.ts";
import type { AdminUser } from "../../../contract/admin-users.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { updateUserEndingSessions } from "./sessions.ts";
import { findUserById, findUserByUsername, insertUser, type UserRecord } from "./user-repository.ts";

const sameRoles = (a: readonly Role[], b: readonly Role[]): boolean =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * Creates the admin, or gives an existing user of that name the password and the admin role. A
 * new password ends the user's sessions; running again with the same password and role (as every
 * start with ADMIN_USERNAME does) changes nothing.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  account: { username: string; password: string },
  now: number,
): Promise<"created" | "updated" | "unchanged"> {
  const username = usernameSchema.parse(account.username);
  const password = passwordSchema.parse(account.password);
  const existing = await findUserByUsername(db, username);
  if (!existing) {
    const roles: Role[] = ["reader", "admin"];
    await insertUser(db, {
      username,
      nickname: username,
      email: null,
      phone: null,
      passwordHash: await hashPassword(password),
      roles,
      now,
    });
    return "created";
  }
  const roles: Role[] = existing.roles.includes("admin") ? existing.roles : [...existing.roles, "admin"];
  const samePassword = await verifyPassword(existing.password_hash, password);
  if (samePassword && sameRoles(roles, existing.roles)) return "unchanged";
  if (samePassword) {
    await updateUserEndingSessions(db, existing.id, { roles }, now, "access tokens");
  } else {
    const passwordHash = await hashPassword(password);
    await updateUserEndingSessions(db, existing.id, { passwordHash, roles }, now, "all");
  }
  return "updated";
}

export function toAdminUser(user: UserRecord): AdminUser {
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

/**
 * Gives the user these roles (606 when there is no such user). Their access tokens are refused
 * from now on and their refresh tokens kept, so each of their devices carries on with the new
 * roles after one refresh.
 */
export async function changeRoles(
  db: Kysely<Database>,
  userId: number,
  requested: readonly Role[],
  now: number,
): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(606);
  const roles = [...new Set(requested)];
  if (sameRoles(roles, user.roles)) return user;
  const version = await updateUserEndingSessions(db, userId, { roles }, now, "access tokens");
  return { ...user, roles, session_version: version, updated_at: now };
}
