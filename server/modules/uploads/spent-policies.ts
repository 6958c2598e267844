/** The `spent_upload_policy` table: claiming a policy for its one file, and purging expired claims. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;

/** Records the policy as used; false when it already was (the insert is the check). */
export async function claimPolicy(db: Db, policyId: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto("spent_upload_policy")
    .values({ policy_id: policyId, expires_at: expiresAt })
    .onConflict((oc) => oc.column("policy_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes the claims of policies expired at `now`: such a policy is refused for its expiry. */
export async function purgeExpiredClaims(db: Db, now: number): Promise<void> {
  await db.deleteFrom("spent_upload_policy").where("expires_at", "<=", now).execute();
}
