/**
 * The first administrator, from ADMIN_USERNAME and ADMIN_PASSWORD at start or the admin command.
 * An administrator's work on users is in admin-user-service.ts.
 */
import type { Kysely } from "kysely";
import { passwordSchema, type Role, usernameSchema } from "../../../contract/accounts.ts";
import type { Database } from "../../db/schema.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { updateUserEndingSessions } from "./sessions.ts";
import { findUserByUsername, insertUser } from "./user-repository.ts";

export const sameRoles = (a: readonly Role[], b: readonly Role[]): boolean =>
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
