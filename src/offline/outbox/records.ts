/**
 * What happens to an outbox record as the sync engine sends it: taken (sending), accepted (gone,
 * its effect now part of the server's state), postponed (waiting, with a time for the next try),
 * held (waiting for sign-in) or failed (refused; its local effect withdrawn). Each is one Dexie
 * transaction, so the mirrors never show a state the outbox does not explain.
 */
import type { SutraGroup, TopConfig } from "../../../contract/personal.ts";
import type { OutboxError, OutboxRecord, UserDb } from "../userData/db.ts";
import { applyGroupOp, applyPinOp, applyReadOp } from "./effects.ts";
import {
  pendingRecords,
  recompute,
  updateGroups,
  updatePins,
  updateReadConfig,
  updateRecentReads,
} from "./mirrors.ts";
import { resolveGroupIds } from "./mutations.ts";
import {
  isGroupOp,
  type ReadConfigValue,
  referencedGroupIds,
  requestOf,
  scopeOf,
  withGroupIds,
} from "./ops.ts";

/** The message of a write that names a group whose creation never reached the server. */
export const UNRESOLVED_GROUP = "unresolved group";

/** The oldest write of the user still to send (failed ones are skipped, not blocking). */
export async function nextRecord(db: UserDb, userId: number): Promise<OutboxRecord | undefined> {
  return (await pendingRecords(db, userId))[0];
}

export type Taken = { kind: "send"; record: OutboxRecord } | { kind: "failed"; record: OutboxRecord } | null;

/**
 * Marks the record as being sent, its group ids resolved to the server's. Its `attempts` count
 * requests that left: the sync engine adds one when the request got an answer or failed on the way.
 */
export function takeRecord(db: UserDb, seq: number): Promise<Taken> {
  return db.transaction("rw", db.tables, async (): Promise<Taken> => {
    const record = await db.outbox.get(seq);
    if (!record || record.status === "failed") return null;
    const op = await resolveGroupIds(db, record.user_id, record.op);
    if (referencedGroupIds(op).some((id) => id < 0)) {
      const failed = await failRecordInside(db, record, { status: null, code: null, msg: UNRESOLVED_GROUP });
      return { kind: "failed", record: failed };
    }
    const taken: OutboxRecord = {
      ...record,
      op,
      ...requestOf(op),
      status: "sending",
    };
    await db.outbox.put(taken);
    return { kind: "send", record: taken };
  });
}

/** The record waits for its next try at `at`, having been tried `attempts` times. */
export function postponeRecord(
  db: UserDb,
  seq: number,
  change: { at: number; attempts: number; error: OutboxError },
): Promise<void> {
  return db.transaction("rw", db.outbox, async () => {
    await db.outbox.update(seq, {
      status: "waiting",
      next_attempt_at: change.at,
      attempts: change.attempts,
      last_error: change.error,
    });
  });
}

async function failRecordInside(db: UserDb, record: OutboxRecord, error: OutboxError): Promise<OutboxRecord> {
  const failed: OutboxRecord = { ...record, status: "failed", last_error: error };
  await db.outbox.put(failed);
  await recompute(db, record.user_id, scopeOf(record.op));
  return failed;
}

export function failRecord(db: UserDb, record: OutboxRecord, error: OutboxError): Promise<OutboxRecord> {
  return db.transaction("rw", db.tables, async () => await failRecordInside(db, record, error));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function asTopConfig(result: unknown): TopConfig | null {
  if (!isObject(result) || !isObject(result.top_uids)) return null;
  const sutra = result.top_uids.sutra;
  return isObject(sutra) ? (result as TopConfig) : null;
}

function asGroup(result: unknown): SutraGroup | undefined {
  return isObject(result) && typeof result._id === "number" && typeof result.sn === "number"
    ? (result as SutraGroup)
    : undefined;
}

/** A new group's server id: remembered, and written into every later record that names it. */
async function mapNewGroup(db: UserDb, userId: number, tempId: number, serverId: number): Promise<void> {
  await db.groupIds.put({ temp_id: tempId, user_id: userId, server_id: serverId });
  const records = await db.outbox.where("user_id").equals(userId).toArray();
  for (const record of records) {
    if (!referencedGroupIds(record.op).includes(tempId)) continue;
    const op = withGroupIds(record.op, (id) => (id === tempId ? serverId : id));
    await db.outbox.put({ ...record, op, ...requestOf(op) });
  }
}

async function acceptInto(db: UserDb, record: OutboxRecord, result: unknown, now: number): Promise<void> {
  const { op, user_id: userId } = record;
  if (isGroupOp(op)) {
    const created = op.kind === "group.create" ? asGroup(result) : undefined;
    if (op.kind === "group.create" && created) await mapNewGroup(db, userId, op.temp_id, created._id);
    await updateGroups(db, userId, op.tripitaka_uid, { change: (base) => applyGroupOp(base, op, created) });
  } else if (op.kind === "pin.sutra") {
    const config = asTopConfig(result);
    const known = (await db.pins.where("user_id").equals(userId).toArray()).map((row) => row.tripitaka_uid);
    const tripitakas = new Set([...known, op.tripitaka_uid, ...Object.keys(config?.top_uids.sutra ?? {})]);
    for (const uid of tripitakas) {
      const change = config
        ? () => config.top_uids.sutra[uid] ?? []
        : (base: string[]) => (uid === op.tripitaka_uid ? applyPinOp(base, op) : base);
      await updatePins(db, userId, uid, { change });
    }
  } else if (op.kind === "read") {
    await updateRecentReads(db, userId, op.tripitaka_uid, {
      change: (base) => applyReadOp(base, op, -record.seq, now),
    });
  } else if (op.kind === "read_config") {
    const settings = isObject(result) ? result : { [op.field]: op.value };
    const known = (await db.readConfig.where("user_id").equals(userId).toArray()).map((row) => row.field);
    for (const field of new Set([...known, ...Object.keys(settings)])) {
      await updateReadConfig(db, userId, field, {
        change: () => settings[field] as ReadConfigValue | undefined,
      });
    }
  }
}

/** The server accepted the write: it leaves the outbox and its effect joins the server's state. */
export function acceptRecord(db: UserDb, record: OutboxRecord, result: unknown, now: number): Promise<void> {
  return db.transaction("rw", db.tables, async () => {
    await db.outbox.delete(record.seq);
    await acceptInto(db, record, result, now);
    await db.syncState.put({ user_id: record.user_id, sent_seq: record.seq, synced_at: now });
  });
}

/** The seq of the user's last accepted write (0 before any). */
export async function sentSeq(db: UserDb, userId: number): Promise<number> {
  return (await db.syncState.get(userId))?.sent_seq ?? 0;
}
