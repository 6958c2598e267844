/** Reads and writes of the `user` table. */
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import { type Role, roleSchema } from "../../../contract/accounts.ts";
import { reusableQuery } from "../../db/reusable-query.ts";
import type { Database, UserTable } from "../../db/schema.ts";

type Db = Kysely<Database>;

export type UserRecord = Omit<Selectable<UserTable>, "roles"> & { roles: Role[] };

const userColumns = [
  "id",
  "username",
  "nickname",
  "email",
  "phone",
  "password_hash",
  "avatar",
  "roles",
  "status",
  "wechat_id",
  "google_id",
  "session_version",
  "created_at",
  "updated_at",
] as const;

const storedRoles = z.array(z.string());

/** The roles column (a JSON array of role names), roles this version does not know left out. */
export function parseRoles(json: string): Role[] {
  return storedRoles.parse(JSON.parse(json)).flatMap((r) => {
    const role = roleSchema.safeParse(r);
    return role.success ? [role.data] : [];
  });
}

function toRecord(row: Selectable<UserTable>): UserRecord {
  return { ...row, roles: parseRoles(row.roles) };
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | null> {
  const row = await db.selectFrom("user").select(userColumns).where("id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom("user")
    .select(userColumns)
    .where("username", "=", username)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A user by e-mail address or phone number, whichever the contact is. */
export async function findUserByContact(db: Db, contact: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom("user")
    .select(userColumns)
    .where((eb) => eb.or([eb("email", "=", contact.toLowerCase()), eb("phone", "=", contact)]))
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * The account a sign-in name names: the user with that username, else the one with that e-mail
 * address or phone number. One query whichever it is, so that the answer takes as long for a name
 * that is no account.
 */
export async function findUserBySignInName(db: Db, name: string): Promise<UserRecord | null> {
  const rows = await db
    .selectFrom("user")
    .select(userColumns)
    .where((eb) =>
      eb.or([eb("username", "=", name), eb("email", "=", name.toLowerCase()), eb("phone", "=", name)]),
    )
    .limit(2)
    .execute();
  const row = rows.find((r) => r.username === name) ?? rows[0];
  return row ? toRecord(row) : null;
}

export type NewUser = {
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  passwordHash: string;
  roles: Role[];
  now: number;
};

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto("user")
    .values({
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      password_hash: user.passwordHash,
      roles: JSON.stringify(user.roles),
      wechat_id: null,
      google_id: null,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type UserChanges = Partial<{
  nickname: string;
  email: string;
  phone: string;
  passwordHash: string;
  roles: Role[];
  avatar: string;
  wechatId: string;
  googleId: string;
}>;

export async function updateUser(db: Db, id: number, changes: UserChanges, now: number): Promise<void> {
  await db
    .updateTable("user")
    .set({
      ...(changes.nickname !== undefined && { nickname: changes.nickname }),
      ...(changes.email !== undefined && { email: changes.email }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
      ...(changes.roles !== undefined && { roles: JSON.stringify(changes.roles) }),
      ...(changes.avatar !== undefined && { avatar: changes.avatar }),
      ...(changes.wechatId !== undefined && { wechat_id: changes.wechatId }),
      ...(changes.googleId !== undefined && { google_id: changes.googleId }),
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
}

/** What the sign-in check reads on every request with a token: one row by primary key. */
const sessionStateQuery = reusableQuery((db: Db) =>
  db.selectFrom("user").select(["session_version", "status"]).where("id", "=", 0),
);

export async function findSessionState(db: Db, id: number) {
  const [row] = await sessionStateQuery(db, [id]);
  return row;
}

/** Moves the user to a new session version; answers it, or null when there is no such user. */
export async function raiseSessionVersion(db: Db, id: number): Promise<number | null> {
  const row = await db
    .updateTable("user")
    .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
    .where("id", "=", id)
    .returning("session_version")
    .executeTakeFirst();
  return row?.session_version ?? null;
}

/** A user by the id a sign-in provider gives them. */
export async function findUserByProvider(
  db: Db,
  provider: "wechat" | "google",
  providerId: string,
): Promise<UserRecord | null> {
  const column = provider === "wechat" ? "wechat_id" : "google_id";
  const row = await db
    .selectFrom("user")
    .select(userColumns)
    .where(column, "=", providerId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}
