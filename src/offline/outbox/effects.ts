/**
 * The local effect of each write, as pure functions of the mirror it changes. They are applied to
 * the server's state (`base`) when the server accepts a write, and to `base` once per pending write
 * to get what the reader sees (`view`). Each is idempotent: a write the server may already have
 * applied (sent, answer lost) does not show twice.
 */
import type { SutraGroup, UserOp } from "../../../contract/personal.ts";
import type { GroupOp, PinOp, ReadConfigOp, ReadConfigValue, ReadOp } from "./ops.ts";
import { readTarget } from "./ops.ts";

/** How many reads a tripitaka's history mirror keeps (the server's largest page). */
export const RECENT_READS_KEPT = 100;

const byOrder = (a: SutraGroup, b: SutraGroup) => a.sn - b.sn || a._id - b._id;

function createGroup(list: SutraGroup[], op: GroupOp & { kind: "group.create" }, answer?: SutraGroup) {
  const id = answer?._id ?? op.temp_id;
  if (list.some((group) => group._id === id)) return list;
  const same = list.find((group) => group.name === op.name);
  if (same) {
    // The temporary group becomes the server's once the answer names its id.
    if (!answer || same._id > 0) return list;
    return list.map((group) => (group === same ? { ...group, _id: answer._id, sn: answer.sn } : group));
  }
  const sn = answer?.sn ?? Math.max(0, ...list.map((group) => group.sn)) + 1;
  return [...list, { _id: id, name: op.name, sn, sutra_uids: answer?.sutra_uids ?? [] }].sort(byOrder);
}

export function applyGroupOp(list: SutraGroup[], op: GroupOp, answer?: SutraGroup): SutraGroup[] {
  switch (op.kind) {
    case "group.create":
      return createGroup(list, op, answer);
    case "group.rename":
      return list.map((group) => (group._id === op.id ? { ...group, name: op.name } : group));
    case "group.delete":
      return list.filter((group) => group._id !== op.id);
    case "group.reorder":
      return list
        .map((group) => {
          const sn = op.order[String(group._id)];
          return sn === undefined ? group : { ...group, sn };
        })
        .sort(byOrder);
    case "group.add_sutras":
      return list.map((group) => {
        if (group.name !== op.name) return group;
        const added = [...new Set(op.sutra_uids)].filter((uid) => !group.sutra_uids.includes(uid));
        return added.length ? { ...group, sutra_uids: [...group.sutra_uids, ...added] } : group;
      });
    case "group.remove_sutra":
      return list.map((group) =>
        group.name === op.name
          ? { ...group, sutra_uids: group.sutra_uids.filter((u) => u !== op.sutra_uid) }
          : group,
      );
  }
}

/** Pinning moves a sutra to the front; unpinning removes it (as the server does). */
export function applyPinOp(pinned: string[], op: PinOp): string[] {
  const rest = pinned.filter((uid) => uid !== op.sutra_uid);
  return op.is_add ? [op.sutra_uid, ...rest] : rest;
}

/** Reading a reel or page again moves it to the top; `id` and `at` stand in for the server's. */
export function applyReadOp(reads: UserOp[], op: ReadOp, id: number, at: number): UserOp[] {
  const target = readTarget(op);
  const rest = reads.filter(
    (read) =>
      read.op_type !== op.op_type ||
      (op.op_type === "reel_read" ? read.context.reel_uid : read.context.page_uid) !== target,
  );
  const read: UserOp = { _id: id, op_type: op.op_type, context: op.context, create_time: at };
  return [read, ...rest].slice(0, RECENT_READS_KEPT);
}

export const applyReadConfigOp = (_value: ReadConfigValue | undefined, op: ReadConfigOp): ReadConfigValue =>
  op.value;
