import type { Kysely } from "kysely";

/**
 * `user.session_version`: access tokens carry it and are refused once it has moved on, so that
 * logout, a password change or a change of roles ends sessions at once. The column is added with
 * a default, which both SQLite and PostgreSQL accept on a table that already has rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
