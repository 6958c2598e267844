/** Tracking events and their rollups (server/modules/oplog). */
import type { Generated } from "kysely";

export interface OplogTable {
  id: Generated<number>;
  user_id: number | null;
  anonymous_uuid: string;
  tripitaka_uid: string | null;
  event_id: string;
  url: string;
  ip: string;
  user_agent: string;
  timezone: string;
  terminal: string;
  /** JSON object of the event's details. */
  extra: string;
  created_at: number;
}

/**
 * Rollups of the operation log (migration 0014): `grain` 0 UTC hour, 1 UTC day, 2 UTC month,
 * 3 UTC quarter, 4 the site's day (sketches only); `bucket` the hours since the epoch at the
 * bucket's start; `user_id` 0 for visitors not signed in.
 */
export interface OplogEventRollupTable {
  grain: number;
  bucket: number;
  event_id: string;
  n: number;
}

export interface OplogUserRollupTable {
  grain: number;
  bucket: number;
  user_id: number;
  n: number;
}

/** A closed bucket's events per user, packed (server/modules/oplog/packed-user-counts.ts). */
export interface OplogUserPackedTable {
  grain: number;
  bucket: number;
  users: Uint8Array;
}

export interface OplogUserEventRollupTable {
  grain: number;
  event_id: string;
  bucket: number;
  user_id: number;
  n: number;
}

export interface OplogKeywordRollupTable {
  grain: number;
  bucket: number;
  keyword: string;
  n: number;
}

/** `kind` anonymous or ip; `sketch` an encoded distinct-count sketch (server/modules/oplog/sketch.ts). */
export interface OplogDistinctSketchTable {
  kind: string;
  grain: number;
  bucket: number;
  sketch: Uint8Array;
  /** The sketch's count (exact or estimated). */
  estimate: number;
}

export interface OplogRollupBackfillTable {
  id: number;
  pending_to: number;
  done_to: number;
}

export interface OplogTables {
  oplog: OplogTable;
  oplog_event_rollup: OplogEventRollupTable;
  oplog_user_rollup: OplogUserRollupTable;
  oplog_user_packed: OplogUserPackedTable;
  oplog_user_event_rollup: OplogUserEventRollupTable;
  oplog_keyword_rollup: OplogKeywordRollupTable;
  oplog_distinct_sketch: OplogDistinctSketchTable;
  oplog_rollup_backfill: OplogRollupBackfillTable;
}
