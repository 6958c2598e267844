/** The first administrator, from ADMIN_USERNAME and ADMIN_PASSWORD at start. */
import type { Kysely } from "kysely";
import { passwordSchema, type Role, usernameSchema } from "../../../contract/accounts.ts";
import type { Database } from "../../db/schema.ts";
import { hashPassword } from "./passwords.ts";
import { findUserByUsername, insertUser, updateUser } from "./user-repository.ts";

/** Creates the admin, or gives an existing user of that name the password and the admin role. */
export async function ensureAdmin(
  db: Kysely<Database>,
  account: { username: string; password: string },
  now: number,
): Promise<"created" | "updated"> {
  const username = usernameSchema.parse(account.username);
  const passwordHash = await hashPassword(passwordSchema.parse(account.password));
  const existing = await findUserByUsername(db, username);
  if (!existing) {
    const roles: Role[] = ["reader", "admin"];
    await insertUser(db, {
      username,
      nickname: username,
      email: null,
      phone: null,
      passwordHash,
      roles,
      now,
    });
    return "created";
  }
  const roles: Role[] = existing.roles.includes("admin") ? existing.roles : [...existing.roles, "admin"];
  await updateUser(db, existing.id, { passwordHash, roles }, now);
  return "updated";
}
