/**
 * Every write of the reader's own data: ONE Dexie transaction stores the outbox record (with its
 * idempotency key) and applies its local effect to the mirror, so a reader never sees one without
 * the other. Checks the server would make on the same data (a group name taken, a group gone) are
 * made here first against what the reader sees, so obviously doomed writes are never queued.
 */
import type { ContinueFeedback } from "../../../contract/feedback-conversation.ts";
import type { FeedbackAddRequest } from "../../../contract/feedback-schemas.ts";
import type { SutraGroup } from "../../../contract/personal.ts";
import { isValidGroupName } from "../../../contract/personal-rules.ts";
import type { OutboxRecord, UserDb } from "../userData/db.ts";
import { recompute } from "./mirrors.ts";
import {
  type OutboxOp,
  type ReadConfigValue,
  type ReadContext,
  type ReadOpType,
  readTarget,
  referencedGroupIds,
  requestOf,
  scopeOf,
  withGroupIds,
} from "./ops.ts";

export type WriteContext = { db: UserDb; userId: number; now(): number; newKey(): string };

export type RefusalReason = "nameInvalid" | "nameTaken" | "noGroup";

/** A write refused on this device before it was queued. */
export class LocalRefusal extends Error {
  override readonly name = "LocalRefusal";
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

/** Maps temporary group ids the server has since answered for to the server's ids. */
export async function resolveGroupIds(db: UserDb, userId: number, op: OutboxOp): Promise<OutboxOp> {
  const temporary = referencedGroupIds(op).filter((id) => id < 0);
  if (temporary.length === 0) return op;
  const rows = await db.groupIds.bulkGet(temporary);
  const known = new Map<number, number>();
  for (const row of rows) if (row && row.user_id === userId) known.set(row.temp_id, row.server_id);
  return withGroupIds(op, (id) => known.get(id) ?? id);
}

/** The server has never seen a record that waits and was never tried: it may still be replaced. */
const untried = (record: OutboxRecord) => record.status === "waiting" && record.attempts === 0;

/** An earlier untried write this one supersedes (same setting, same reel, same pin). */
function supersedes(op: OutboxOp, earlier: OutboxOp): boolean {
  if (op.kind === "read_config" && earlier.kind === "read_config") return op.field === earlier.field;
  if (op.kind === "read" && earlier.kind === "read")
    return (
      op.tripitaka_uid === earlier.tripitaka_uid &&
      op.op_type === earlier.op_type &&
      readTarget(op) === readTarget(earlier)
    );
  if (op.kind === "pin.sutra" && earlier.kind === "pin.sutra")
    return op.tripitaka_uid === earlier.tripitaka_uid && op.sutra_uid === earlier.sutra_uid;
  return false;
}

/** Adds the record inside the caller's transaction; null when it just undid an untried write. */
async function addRecord(ctx: WriteContext, given: OutboxOp): Promise<number | null> {
  const { db, userId } = ctx;
  const op = await resolveGroupIds(db, userId, given);
  const earlier = (await db.outbox.where("user_id").equals(userId).toArray()).filter(
    (record) => untried(record) && supersedes(op, record.op),
  );
  await db.outbox.bulkDelete(earlier.map((record) => record.seq));
  const undone = earlier.some(
    (record) => op.kind === "pin.sutra" && record.op.kind === "pin.sutra" && record.op.is_add !== op.is_add,
  );
  if (undone) {
    await recompute(db, userId, scopeOf(op));
    return null;
  }
  const seq = await db.outbox.add({
    key: ctx.newKey(),
    user_id: userId,
    op,
    ...requestOf(op),
    created_at: ctx.now(),
    attempts: 0,
    next_attempt_at: 0,
    status: "waiting",
    last_error: null,
  });
  if (op.kind === "group.create") await db.outbox.update(seq, { op: { ...op, temp_id: -seq } });
  await recompute(db, userId, scopeOf(op));
  return seq;
}

function write(ctx: WriteContext, run: () => Promise<number | null>): Promise<number | null> {
  // Dexie keeps a transaction open across awaits only inside an `async` scope function.
  return ctx.db.transaction("rw", ctx.db.tables, async () => await run());
}

async function groupsSeen(ctx: WriteContext, tripitakaUid: string): Promise<SutraGroup[]> {
  return (await ctx.db.groups.get([ctx.userId, tripitakaUid]))?.view ?? [];
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!isValidGroupName(trimmed)) throw new LocalRefusal("nameInvalid");
  return trimmed;
}

async function resolvedId(ctx: WriteContext, id: number): Promise<number> {
  if (id >= 0) return id;
  const row = await ctx.db.groupIds.get(id);
  return row && row.user_id === ctx.userId ? row.server_id : id;
}

async function groupWithId(ctx: WriteContext, tripitakaUid: string, id: number): Promise<SutraGroup> {
  const wanted = await resolvedId(ctx, id);
  const group = (await groupsSeen(ctx, tripitakaUid)).find((g) => g._id === wanted);
  if (!group) throw new LocalRefusal("noGroup");
  return group;
}

export const createGroup = (ctx: WriteContext, tripitakaUid: string, name: string) =>
  write(ctx, async () => {
    const checked = checkedName(name);
    if ((await groupsSeen(ctx, tripitakaUid)).some((g) => g.name === checked))
      throw new LocalRefusal("nameTaken");
    return addRecord(ctx, { kind: "group.create", tripitaka_uid: tripitakaUid, name: checked, temp_id: 0 });
  });

export const renameGroup = (ctx: WriteContext, tripitakaUid: string, id: number, name: string) =>
  write(ctx, async () => {
    const checked = checkedName(name);
    const group = await groupWithId(ctx, tripitakaUid, id);
    if (group.name === checked) return null;
    if ((await groupsSeen(ctx, tripitakaUid)).some((g) => g.name === checked && g._id !== group._id))
      throw new LocalRefusal("nameTaken");
    return addRecord(ctx, {
      kind: "group.rename",
      tripitaka_uid: tripitakaUid,
      id: group._id,
      name: checked,
      from: group.name,
    });
  });

export const deleteGroup = (ctx: WriteContext, tripitakaUid: string, id: number) =>
  write(ctx, async () => {
    const group = await groupWithId(ctx, tripitakaUid, id);
    return addRecord(ctx, {
      kind: "group.delete",
      tripitaka_uid: tripitakaUid,
      id: group._id,
      name: group.name,
    });
  });

export const reorderGroups = (ctx: WriteContext, tripitakaUid: string, order: Record<number, number>) =>
  write(ctx, async () => {
    const seen = await groupsSeen(ctx, tripitakaUid);
    const ids = Object.keys(order).map(Number);
    const names = ids.map((id) => seen.find((g) => g._id === id)?.name ?? String(id));
    const bySn: Record<string, number> = Object.fromEntries(Object.entries(order));
    return addRecord(ctx, { kind: "group.reorder", tripitaka_uid: tripitakaUid, order: bySn, names });
  });

export const addSutrasToGroup = (
  ctx: WriteContext,
  tripitakaUid: string,
  name: string,
  sutraUids: string[],
) =>
  write(ctx, async () => {
    if (!(await groupsSeen(ctx, tripitakaUid)).some((g) => g.name === name))
      throw new LocalRefusal("noGroup");
    return addRecord(ctx, {
      kind: "group.add_sutras",
      tripitaka_uid: tripitakaUid,
      name,
      sutra_uids: sutraUids,
    });
  });

export const removeSutraFromGroup = (
  ctx: WriteContext,
  tripitakaUid: string,
  name: string,
  sutraUid: string,
) =>
  write(ctx, () =>
    addRecord(ctx, { kind: "group.remove_sutra", tripitaka_uid: tripitakaUid, name, sutra_uid: sutraUid }),
  );

export const pinSutra = (ctx: WriteContext, tripitakaUid: string, sutraUid: string, isAdd: boolean) =>
  write(ctx, () =>
    addRecord(ctx, { kind: "pin.sutra", tripitaka_uid: tripitakaUid, sutra_uid: sutraUid, is_add: isAdd }),
  );

export const recordRead = (
  ctx: WriteContext,
  tripitakaUid: string,
  opType: ReadOpType,
  context: ReadContext,
) =>
  write(ctx, () => addRecord(ctx, { kind: "read", tripitaka_uid: tripitakaUid, op_type: opType, context }));

export const saveReadConfig = (ctx: WriteContext, field: string, value: ReadConfigValue) =>
  write(ctx, () => addRecord(ctx, { kind: "read_config", field, value }));

export const queueFeedback = (ctx: WriteContext, body: FeedbackAddRequest) =>
  write(ctx, () => addRecord(ctx, { kind: "feedback", body }));

export const queueFeedbackContinue = (ctx: WriteContext, feedbackId: number, body: ContinueFeedback) =>
  write(ctx, () => addRecord(ctx, { kind: "feedback.continue", feedback_id: feedbackId, body }));

/**
 * A failed write goes back in line, due now, under a new key (the server keeps its refusal under
 * the old one); its local effect shows again.
 */
export async function retryRecord(ctx: WriteContext, seq: number): Promise<void> {
  const { db, userId } = ctx;
  await db.transaction("rw", db.tables, async () => {
    const record = await db.outbox.get(seq);
    if (!record || record.user_id !== userId || record.status !== "failed") return;
    await db.outbox.update(seq, {
      status: "waiting",
      key: ctx.newKey(),
      attempts: 0,
      next_attempt_at: ctx.now(),
    });
    await recompute(db, userId, scopeOf(record.op));
  });
}

/** Drops a failed write for good; its local effect goes with it. */
export async function discardRecord(db: UserDb, userId: number, seq: number): Promise<void> {
  await db.transaction("rw", db.tables, async () => {
    const record = await db.outbox.get(seq);
    if (!record || record.user_id !== userId || record.status !== "failed") return;
    await db.outbox.delete(seq);
    await recompute(db, userId, scopeOf(record.op));
  });
}
