/**
 * `canon-user`: the reader's own data on this device, every row tagged with the user it belongs to.
 *   outbox      writes not yet accepted by the server, in the order they were made (`seq`), each
 *               with its idempotency key; waiting, being sent, or failed (refused by the server).
 *   groups      per tripitaka, the custom groups: `base` is what the server last said (plus the
 *               writes it accepted since), `view` is `base` with the pending writes applied on top.
 *   pins        per tripitaka, the pinned sutras (top_config), newest first; base and view likewise.
 *   recentReads per tripitaka, the reading history behind home's "recent reading"; likewise.
 *   readConfig  per field, the reading settings kept on the server; likewise.
 *   groupIds    a group created offline has a negative id until the server answers; this maps it
 *               to the server's id for the writes that name it.
 *   syncState   per user, the last `seq` the server accepted: a refresh whose answer may predate
 *               an accepted write is not written over it.
 *   answers     per key, the last answer of a personal-centre read the reader opened online (their
 *               feedback list, a conversation, a page of messages), shown again offline.
 * A signed-out reader has none of this: their settings stay in localStorage as before.
 */
import Dexie, { type EntityTable, type Table } from "dexie";
import type { SutraGroup, UserOp } from "../../../contract/personal.ts";
import type { OutboxMethod, OutboxOp, ReadConfigValue } from "../outbox/ops.ts";

export const USER_DB_NAME = "canon-user";

export type OutboxStatus = "waiting" | "sending" | "failed";

/** Why a record is waiting or failed: the server's status, body code and message (null locally). */
export type OutboxError = { status: number | null; code: number | null; msg: string };

export type OutboxRecord = {
  seq: number;
  /** The `Idempotency-Key` header: the server applies a key once. */
  key: string;
  user_id: number;
  op: OutboxOp;
  method: OutboxMethod;
  path: string;
  body: unknown;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  status: OutboxStatus;
  last_error: OutboxError | null;
};

type Mirror<T> = { user_id: number; base: T; view: T; fetched_at: number | null };
export type GroupsRow = Mirror<SutraGroup[]> & { tripitaka_uid: string };
export type PinsRow = Mirror<string[]> & { tripitaka_uid: string };
export type RecentReadsRow = Mirror<UserOp[]> & { tripitaka_uid: string };
export type ReadConfigRow = Mirror<ReadConfigValue | undefined> & { field: string };
export type GroupIdRow = { temp_id: number; user_id: number; server_id: number };
export type SyncStateRow = { user_id: number; sent_seq: number; synced_at: number | null };
export type AnswerRow = { user_id: number; key: string; value: unknown; fetched_at: number };

export type UserDb = Dexie & {
  outbox: EntityTable<OutboxRecord, "seq">;
  groups: Table<GroupsRow, [number, string]>;
  pins: Table<PinsRow, [number, string]>;
  recentReads: Table<RecentReadsRow, [number, string]>;
  readConfig: Table<ReadConfigRow, [number, string]>;
  groupIds: EntityTable<GroupIdRow, "temp_id">;
  syncState: EntityTable<SyncStateRow, "user_id">;
  answers: Table<AnswerRow, [number, string]>;
};

/** Opens (lazily, on first use) the database; tests pass another name for a fresh one. */
export function openUserDb(name: string = USER_DB_NAME): UserDb {
  const db = new Dexie(name) as UserDb;
  db.version(1).stores({
    outbox: "++seq, &key, user_id, status",
    groups: "[user_id+tripitaka_uid], user_id",
    pins: "[user_id+tripitaka_uid], user_id",
    recentReads: "[user_id+tripitaka_uid], user_id",
    readConfig: "[user_id+field], user_id",
    groupIds: "temp_id, user_id",
    syncState: "user_id",
  });
  db.version(2).stores({ answers: "[user_id+key], user_id" });
  return db;
}
