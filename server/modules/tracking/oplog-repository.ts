/** Writes of the operation log; admin statistics read the same table. */
import type { Kysely } from "kysely";
import type { TrackingPayload } from "../../../contract/tracking.ts";
import type { Database } from "../../db/schema.ts";

export type OplogEntry = TrackingPayload & {
  userId: number | null;
  ip: string;
  userAgent: string;
  createdAt: number;
};

export async function insertOplogEntry(db: Kysely<Database>, entry: OplogEntry): Promise<void> {
  await db
    .insertInto("oplog")
    .values({
      user_id: entry.userId,
      anonymous_uuid: entry.anonymous_uuid,
      tripitaka_uid: entry.tripitaka_uid,
      event_id: entry.event_id,
      url: entry.url,
      ip: entry.ip,
      user_agent: entry.userAgent.slice(0, 512),
      timezone: entry.timezone,
      terminal: entry.terminal,
      extra: JSON.stringify(entry.extra),
      created_at: entry.createdAt,
    })
    .execute();
}
