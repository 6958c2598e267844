/**
 * Reading the reader's own data on this device (the mirrors' views and the outbox), and refreshing
 * a mirror's base from the server: the answer is written only if no write was accepted while it was
 * on its way (else it may predate that write and is asked for again), and the pending writes are
 * applied on top of it.
 */
import type { SutraGroup, TopConfig, UserOp } from "../../../contract/personal.ts";
import type { OutboxRecord, UserDb } from "../userData/db.ts";
import { updateGroups, updatePins, updateReadConfig, updateRecentReads } from "./mirrors.ts";
import type { ReadConfigValue } from "./ops.ts";
import { sentSeq } from "./records.ts";

const NO_GROUPS: SutraGroup[] = [];
const NO_PINS: string[] = [];
const NO_READS: UserOp[] = [];

export async function groupsView(db: UserDb, userId: number, tripitakaUid: string): Promise<SutraGroup[]> {
  return (await db.groups.get([userId, tripitakaUid]))?.view ?? NO_GROUPS;
}

export async function pinsView(db: UserDb, userId: number, tripitakaUid: string): Promise<string[]> {
  return (await db.pins.get([userId, tripitakaUid]))?.view ?? NO_PINS;
}

export async function recentReadsView(db: UserDb, userId: number, tripitakaUid: string): Promise<UserOp[]> {
  return (await db.recentReads.get([userId, tripitakaUid]))?.view ?? NO_READS;
}

export async function readConfigView(
  db: UserDb,
  userId: number,
  field: string,
): Promise<ReadConfigValue | undefined> {
  return (await db.readConfig.get([userId, field]))?.view;
}

/** The user's writes not yet accepted, oldest first: waiting, being sent, and failed. */
export function outboxRecords(db: UserDb, userId: number): Promise<OutboxRecord[]> {
  return db.outbox.where("user_id").equals(userId).sortBy("seq");
}

export function outboxCount(db: UserDb, userId: number): Promise<number> {
  return db.outbox.where("user_id").equals(userId).count();
}

const ATTEMPTS = 3;

/** Loads `answer` and writes it with `write` unless a write was accepted meanwhile (then again). */
async function refresh<T>(
  db: UserDb,
  userId: number,
  load: () => Promise<T>,
  write: (answer: T) => Promise<void>,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await sentSeq(db, userId);
    const answer = await load();
    const written = await db.transaction("rw", db.tables, async () => {
      if ((await sentSeq(db, userId)) !== before) return false;
      await write(answer);
      return true;
    });
    if (written) return true;
  }
  return false;
}

export function refreshGroups(
  db: UserDb,
  userId: number,
  tripitakaUid: string,
  load: () => Promise<SutraGroup[]>,
  now: number,
): Promise<boolean> {
  return refresh(db, userId, load, (groups) =>
    updateGroups(db, userId, tripitakaUid, { change: () => groups, fetchedAt: now }),
  );
}

export function refreshPins(
  db: UserDb,
  userId: number,
  load: () => Promise<TopConfig>,
  now: number,
): Promise<boolean> {
  return refresh(db, userId, load, async (config) => {
    const known = (await db.pins.where("user_id").equals(userId).toArray()).map((row) => row.tripitaka_uid);
    for (const uid of new Set([...known, ...Object.keys(config.top_uids.sutra)])) {
      await updatePins(db, userId, uid, { change: () => config.top_uids.sutra[uid] ?? [], fetchedAt: now });
    }
  });
}

export function refreshRecentReads(
  db: UserDb,
  userId: number,
  tripitakaUid: string,
  load: () => Promise<UserOp[]>,
  now: number,
): Promise<boolean> {
  return refresh(db, userId, load, (reads) =>
    updateRecentReads(db, userId, tripitakaUid, { change: () => reads, fetchedAt: now }),
  );
}

export function refreshReadConfig(
  db: UserDb,
  userId: number,
  load: () => Promise<Record<string, unknown>>,
  now: number,
): Promise<boolean> {
  return refresh(db, userId, load, async (settings) => {
    const known = (await db.readConfig.where("user_id").equals(userId).toArray()).map((row) => row.field);
    for (const field of new Set([...known, ...Object.keys(settings)])) {
      const value = settings[field] as ReadConfigValue | undefined;
      await updateReadConfig(db, userId, field, { change: () => value, fetchedAt: now });
    }
  });
}
