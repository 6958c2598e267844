/**
 * Writing one batch of events: the raw rows and the batch's rollup sums in ONE transaction, under
 * the rollup lock. The writer (oplog-writer.ts) runs it on the app's own connection, or hands it to
 * a thread of its own (batch-thread.ts) for a SQLite file.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import { insertEvents, type OplogEvent } from "./event-store.ts";
import type { KeyedHash } from "./keyed-hash.ts";
import { type RollupInput, rollUp, searchKeyword } from "./rollup-batch.ts";
import { addToRollups, lockRollups } from "./rollup-store.ts";

export type BatchWrite = {
  /** Writes the events and their rollups, all or nothing. */
  write(events: readonly OplogEvent[]): Promise<void>;
  close(): Promise<void>;
};

export const toRollupInput = (event: OplogEvent): RollupInput => ({
  created_at: event.created_at,
  event_id: event.event_id,
  user_id: event.user_id,
  anonymous_uuid: event.anonymous_uuid,
  ip: event.ip,
  keyword: searchKeyword(event.event_id, event.extra),
});

/** Writes on the given connection, in the calling thread. */
export function batchWriteOn(db: Kysely<Database>, dialect: Dialect, hash: KeyedHash): BatchWrite {
  return {
    async write(events) {
      await db.transaction().execute(async (trx) => {
        await lockRollups(trx, dialect);
        await insertEvents(trx, dialect, events);
        await addToRollups(trx, dialect, rollUp(events.map(toRollupInput)), hash);
      });
    },
    close: async () => undefined,
  };
}
