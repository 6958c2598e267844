/**
 * The mirror rows of `canon-user`: `base` (the server's state) and `view` (base plus the pending
 * writes, in `seq` order). Every function here runs inside the caller's Dexie transaction; an
 * `update*` without `change` only rebuilds the view.
 */
import type { SutraGroup, UserOp } from "../../../contract/personal.ts";
import type { OutboxRecord, UserDb } from "../userData/db.ts";
import { applyGroupOp, applyPinOp, applyReadConfigOp, applyReadOp } from "./effects.ts";
import { isGroupOp, type ReadConfigValue, type Scope } from "./ops.ts";

/** The user's writes still on their way (waiting or being sent), oldest first. */
export async function pendingRecords(db: UserDb, userId: number): Promise<OutboxRecord[]> {
  const records = await db.outbox.where("user_id").equals(userId).sortBy("seq");
  return records.filter((record) => record.status !== "failed");
}

type Change<T> = (base: T) => T;
type Options<T> = { change?: Change<T>; fetchedAt?: number };

export async function updateGroups(
  db: UserDb,
  userId: number,
  tripitakaUid: string,
  options: Options<SutraGroup[]> = {},
): Promise<void> {
  const row = await db.groups.get([userId, tripitakaUid]);
  const old = row?.base ?? [];
  const base = options.change ? options.change(old) : old;
  let view = base;
  for (const { op } of await pendingRecords(db, userId)) {
    if (isGroupOp(op) && op.tripitaka_uid === tripitakaUid) view = applyGroupOp(view, op);
  }
  const fetched_at = options.fetchedAt ?? row?.fetched_at ?? null;
  await db.groups.put({ user_id: userId, tripitaka_uid: tripitakaUid, base, view, fetched_at });
}

export async function updatePins(
  db: UserDb,
  userId: number,
  tripitakaUid: string,
  options: Options<string[]> = {},
): Promise<void> {
  const row = await db.pins.get([userId, tripitakaUid]);
  const old = row?.base ?? [];
  const base = options.change ? options.change(old) : old;
  let view = base;
  for (const { op } of await pendingRecords(db, userId)) {
    if (op.kind === "pin.sutra" && op.tripitaka_uid === tripitakaUid) view = applyPinOp(view, op);
  }
  const fetched_at = options.fetchedAt ?? row?.fetched_at ?? null;
  await db.pins.put({ user_id: userId, tripitaka_uid: tripitakaUid, base, view, fetched_at });
}

export async function updateRecentReads(
  db: UserDb,
  userId: number,
  tripitakaUid: string,
  options: Options<UserOp[]> = {},
): Promise<void> {
  const row = await db.recentReads.get([userId, tripitakaUid]);
  const old = row?.base ?? [];
  const base = options.change ? options.change(old) : old;
  let view = base;
  for (const { op, seq, created_at } of await pendingRecords(db, userId)) {
    if (op.kind === "read" && op.tripitaka_uid === tripitakaUid)
      view = applyReadOp(view, op, -seq, created_at);
  }
  const fetched_at = options.fetchedAt ?? row?.fetched_at ?? null;
  await db.recentReads.put({ user_id: userId, tripitaka_uid: tripitakaUid, base, view, fetched_at });
}

export async function updateReadConfig(
  db: UserDb,
  userId: number,
  field: string,
  options: Options<ReadConfigValue | undefined> = {},
): Promise<void> {
  const row = await db.readConfig.get([userId, field]);
  const base = options.change ? options.change(row?.base) : row?.base;
  let view = base;
  for (const { op } of await pendingRecords(db, userId)) {
    if (op.kind === "read_config" && op.field === field) view = applyReadConfigOp(view, op);
  }
  const fetched_at = options.fetchedAt ?? row?.fetched_at ?? null;
  await db.readConfig.put({ user_id: userId, field, base, view, fetched_at });
}

/** Rebuilds the view of the mirror row a write changes. */
export async function recompute(db: UserDb, userId: number, scope: Scope | null): Promise<void> {
  if (!scope) return;
  switch (scope.store) {
    case "groups":
      return updateGroups(db, userId, scope.tripitaka_uid);
    case "pins":
      return updatePins(db, userId, scope.tripitaka_uid);
    case "recentReads":
      return updateRecentReads(db, userId, scope.tripitaka_uid);
    case "readConfig":
      return updateReadConfig(db, userId, scope.field);
  }
}
