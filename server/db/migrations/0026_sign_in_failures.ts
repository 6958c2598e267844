import type { Kysely } from "kysely";

/**
 * Failed sign-ins counted by whom they were aimed at and where they came from, in place of
 * `login_failure`, which counted them by the name as typed: an account by its id, a name that is
 * no account by its normalised form, a client by its address (server/modules/auth/sign-in-failures.ts).
 * The old counts last an hour at most and are dropped with their table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_failure")
    /** "account", "name" or "address". */
    .addColumn("kind", "text", (c) => c.notNull())
    /** The account's id, the normalised name or the client's address. */
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sign_in_failure_pk", ["kind", "key"])
    .execute();
  await db.schema.dropTable("login_failure").execute();
}
