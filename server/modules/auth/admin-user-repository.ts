/**
 * The administrator's reads of the `user` table: the filtered, ordered list and one user, with
 * the columns the admin view shows (never the password hash), and the lock the last-administrator
 * rule takes on the administrators.
 *
 * Roles are stored as a JSON array of role names (`["reader","admin"]`, written by
 * `JSON.stringify`), so a user has a role when the column contains the role's quoted name.
 */
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { Role } from "../../../contract/accounts.ts";
import type { AdminUserSort, AdminUserSortField } from "../../../contract/admin-users.ts";
import type { Dialect } from "../../db/connect.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database, UserTable } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";
import { parseRoles } from "./user-repository.ts";

type Db = Kysely<Database>;

const ADMIN_USER_COLUMNS = [
  "id",
  "avatar",
  "username",
  "nickname",
  "email",
  "phone",
  "status",
  "roles",
  "created_at",
  "updated_at",
] as const;

type StoredAdminUser = Pick<Selectable<UserTable>, (typeof ADMIN_USER_COLUMNS)[number]>;
export type AdminUserRow = Omit<StoredAdminUser, "roles"> & { roles: Role[] };

const toRow = (row: StoredAdminUser): AdminUserRow => ({ ...row, roles: parseRoles(row.roles) });

/** The roles column contains this role's quoted name (role names hold no LIKE wildcards). */
const hasRole = (role: Role): RawBuilder<boolean> => sql<boolean>`${sql.ref("roles")} like ${`%"${role}"%`}`;

export type AdminUserFilter = {
  username?: string | undefined;
  nickname?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  role?: Role | undefined;
};

const TEXT_FIELDS: ReadonlySet<AdminUserSortField> = new Set(["username", "nickname", "email", "phone"]);

/**
 * A text column compared by code point on both databases: SQLite compares bytes (BINARY), and
 * PostgreSQL does so under the "C" collation, whose lower() also folds only Latin letters, as
 * SQLite's does.
 */
const byCodePoint = (dialect: Dialect, column: string): RawBuilder<string> =>
  dialect === "postgres" ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;

export async function listUsersForAdmin(
  db: Db,
  dialect: Dialect,
  filter: AdminUserFilter,
  sort: AdminUserSort,
  page: PageRequest,
): Promise<{ total: number; rows: AdminUserRow[] }> {
  let query = db.selectFrom("user");
  const { username, nickname, email, phone, role } = filter;
  if (username) query = query.where((eb) => containsText(eb.ref("username"), username));
  if (nickname) query = query.where((eb) => containsText(eb.ref("nickname"), nickname));
  if (email) query = query.where((eb) => containsText(eb.ref("email"), email));
  if (phone) query = query.where((eb) => containsText(eb.ref("phone"), phone));
  if (role) query = query.where(hasRole(role));

  const descending = sort.startsWith("-");
  const field = (descending ? sort.slice(1) : sort) as AdminUserSortField;
  const direction = descending ? "desc" : "asc";
  const { total, rows } = await countedPage(query, page, (filtered) => {
    const selected = filtered.select(ADMIN_USER_COLUMNS);
    if (!TEXT_FIELDS.has(field)) return selected.orderBy(field, direction).orderBy("id", direction);
    const text = byCodePoint(dialect, field);
    // Users without the field (no e-mail, no phone) come last either way; Latin letters ignore case.
    return selected
      .orderBy(sql`${sql.ref(field)} is null`)
      .orderBy(sql`lower(${text})`, direction)
      .orderBy(text, direction)
      .orderBy("id", direction);
  });
  return { total, rows: rows.map(toRow) };
}

export async function findUserForAdmin(db: Db, id: number): Promise<AdminUserRow | null> {
  const row = await db.selectFrom("user").select(ADMIN_USER_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toRow(row) : null;
}

/**
 * The ids of the active administrators, locked until the transaction `trx` ends. On PostgreSQL the
 * rows are locked in id order, so two administrators taking each other's role wait for each other
 * instead of both seeing the other one still there; SQLite runs one write transaction at a time.
 */
export async function lockActiveAdmins(trx: Db, dialect: Dialect): Promise<number[]> {
  const query = trx
    .selectFrom("user")
    .select("id")
    .where(hasRole("admin"))
    .where("status", "=", "active")
    .orderBy("id");
  const rows = await (dialect === "postgres" ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}
