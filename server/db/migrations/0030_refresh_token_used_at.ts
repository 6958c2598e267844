import type { Kysely } from "kysely";

/**
 * When a refresh token was exchanged for the next (null while unused): a used token presented again
 * within a short grace (a reply lost to a page left mid-refresh, two tabs refreshing at once) is
 * answered, and only one presented later is taken for a stolen one (server/modules/auth/tokens.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refresh_token").addColumn("used_at", "bigint").execute();
}
