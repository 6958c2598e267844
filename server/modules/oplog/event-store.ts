/**
 * The raw operation log (`oplog`, append-only): events written many rows per statement, and the
 * privacy rules applied to old rows in bounded steps (addresses cleared, rows deleted). The
 * figures live in the rollups, which neither step touches.
 */
import type { Insertable, Kysely } from "kysely";
import type { TrackingPayload } from "../../../contract/tracking.ts";
import { type BulkInsert, bulkInsert } from "../../db/bulk-insert.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database, OplogTable } from "../../db/schema.ts";

type Db = Kysely<Database>;

/** One tracking event as the log stores it. */
export type OplogEvent = TrackingPayload & {
  /** Null for a visitor not signed in. */
  user_id: number | null;
  ip: string;
  user_agent: string;
  created_at: number;
};

export const USER_AGENT_MAX = 512;
/** Rows per INSERT: 11 values each, well under both databases' limits on bound values. */
const INSERT_CHUNK = 512;
/** Rows cleared or deleted per statement, so pruning never holds the database for long. */
export const PRUNE_CHUNK = 5_000;

type StoredEvent = Required<Omit<Insertable<OplogTable>, "id">>;

const EVENT_INSERT: BulkInsert<StoredEvent> = {
  table: "oplog",
  columns: [
    "user_id",
    "anonymous_uuid",
    "tripitaka_uid",
    "event_id",
    "url",
    "ip",
    "user_agent",
    "timezone",
    "terminal",
    "extra",
    "created_at",
  ],
};

export async function insertEvents(db: Db, dialect: Dialect, events: readonly OplogEvent[]): Promise<void> {
  const rows = events.map(
    (event): StoredEvent => ({
      user_id: event.user_id,
      anonymous_uuid: event.anonymous_uuid,
      tripitaka_uid: event.tripitaka_uid,
      event_id: event.event_id,
      url: event.url,
      ip: event.ip,
      user_agent: event.user_agent.slice(0, USER_AGENT_MAX),
      timezone: event.timezone,
      terminal: event.terminal,
      extra: JSON.stringify(event.extra),
      created_at: event.created_at,
    }),
  );
  await bulkInsert(db, dialect, EVENT_INSERT, rows, INSERT_CHUNK);
}

/** Clears the address of up to PRUNE_CHUNK events older than `before`; answers how many. */
export async function clearAddressesBefore(db: Db, before: number): Promise<number> {
  const result = await db
    .updateTable("oplog")
    .set({ ip: "" })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("oplog")
        .select("id")
        .where("ip", "<>", "")
        .where("created_at", "<", before)
        .limit(PRUNE_CHUNK),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes up to PRUNE_CHUNK events older than `before`; answers how many. */
export async function deleteEventsBefore(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom("oplog")
    .where("id", "in", (eb) =>
      eb.selectFrom("oplog").select("id").where("created_at", "<", before).limit(PRUNE_CHUNK),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Stored events after id `after` up to id `upTo`, oldest first, for rolling up old rows. */
export async function eventsForRollup(db: Db, after: number, upTo: number, limit: number) {
  return db
    .selectFrom("oplog")
    .select(["id", "created_at", "event_id", "user_id", "anonymous_uuid", "ip", "extra"])
    .where("id", ">", after)
    .where("id", "<=", upTo)
    .orderBy("id")
    .limit(limit)
    .execute();
}
