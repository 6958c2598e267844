import type { Kysely } from "kysely";

/**
 * Upload policies that have been used: the storage endpoint accepts one file per signed policy
 * (server/modules/uploads). A row is kept until its policy expires, after which the policy is
 * refused for its expiry anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("spent_upload_policy")
    .addColumn("policy_id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("spent_upload_policy_expires")
    .on("spent_upload_policy")
    .column("expires_at")
    .execute();
}
