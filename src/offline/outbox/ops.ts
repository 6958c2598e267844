/**
 * What a queued write means (`OutboxOp`) and the /v1 request it becomes. A record keeps both: the
 * request is what the sync engine sends, the op is what the local mirrors and the "waiting" list
 * understand. Code older than a record can still send it (method, path and body are plain data);
 * an op kind it does not know simply has no local effect.
 */
import type { ContinueFeedback } from "../../../contract/feedback-conversation.ts";
import type { FeedbackAddRequest } from "../../../contract/feedback-schemas.ts";

export type SettingValue = string | number | boolean | null;
export type ReadConfigValue = SettingValue | Record<string, SettingValue>;
export type ReadOpType = "reel_read" | "page_read";
export type ReadContext = { reel_uid?: string; page_uid?: string; reel_uids?: string[] };

export type GroupOp =
  /** `temp_id` is the group's id until the server answers: minus the record's `seq`. */
  | { kind: "group.create"; tripitaka_uid: string; name: string; temp_id: number }
  | { kind: "group.rename"; tripitaka_uid: string; id: number; name: string; from: string }
  | { kind: "group.delete"; tripitaka_uid: string; id: number; name: string }
  /** Group id → its new `sn`; `names` only label the record. */
  | { kind: "group.reorder"; tripitaka_uid: string; order: Record<string, number>; names: string[] }
  | { kind: "group.add_sutras"; tripitaka_uid: string; name: string; sutra_uids: string[] }
  | { kind: "group.remove_sutra"; tripitaka_uid: string; name: string; sutra_uid: string };

export type PinOp = { kind: "pin.sutra"; tripitaka_uid: string; sutra_uid: string; is_add: boolean };
export type ReadOp = { kind: "read"; tripitaka_uid: string; op_type: ReadOpType; context: ReadContext };
export type ReadConfigOp = { kind: "read_config"; field: string; value: ReadConfigValue };
export type FeedbackOp = { kind: "feedback"; body: FeedbackAddRequest };
/** The reader's continuation of the conversation on one of their feedback. */
export type FeedbackContinueOp = { kind: "feedback.continue"; feedback_id: number; body: ContinueFeedback };

export type OutboxOp = GroupOp | PinOp | ReadOp | ReadConfigOp | FeedbackOp | FeedbackContinueOp;

export type OutboxMethod = "POST" | "PUT" | "DELETE";
/** A request relative to the /v1 prefix; `body` is sent as JSON unless null. */
export type OutboxRequest = { method: OutboxMethod; path: string; body: unknown };

/** The local data a write changes: one mirror row. */
export type Scope =
  | { store: "groups" | "pins" | "recentReads"; tripitaka_uid: string }
  | { store: "readConfig"; field: string };

const enc = encodeURIComponent;
const groupBase = (tripitakaUid: string) => `tripitaka/${enc(tripitakaUid)}`;

export const isGroupOp = (op: OutboxOp): op is GroupOp => op.kind.startsWith("group.");

export function requestOf(op: OutboxOp): OutboxRequest {
  switch (op.kind) {
    case "group.create":
      return { method: "POST", path: `${groupBase(op.tripitaka_uid)}/sutra_group`, body: { name: op.name } };
    case "group.rename":
      return {
        method: "PUT",
        path: `${groupBase(op.tripitaka_uid)}/sutra_group_name/${op.id}`,
        body: { name: op.name },
      };
    case "group.delete":
      return { method: "DELETE", path: `${groupBase(op.tripitaka_uid)}/sutra_group/${op.id}`, body: null };
    case "group.reorder":
      return { method: "PUT", path: `${groupBase(op.tripitaka_uid)}/sutra_group_sn`, body: op.order };
    case "group.add_sutras":
      return {
        method: "POST",
        path: `${groupBase(op.tripitaka_uid)}/sutra_group/add_sutras`,
        body: { name: op.name, sutra_uids: op.sutra_uids },
      };
    case "group.remove_sutra":
      return {
        method: "POST",
        path: `${groupBase(op.tripitaka_uid)}/sutra_group/remove_sutra`,
        body: { name: op.name, sutra_uid: op.sutra_uid },
      };
    case "pin.sutra":
      return {
        method: "POST",
        path: "user_conf/top_config/sutra",
        body: { is_add: op.is_add, uid: op.sutra_uid, tripitaka_uid: op.tripitaka_uid },
      };
    case "read":
      return {
        method: "POST",
        path: `${enc(op.tripitaka_uid)}/user_op`,
        body: { op_type: op.op_type, context: op.context },
      };
    case "read_config":
      return { method: "POST", path: `user_conf/read_config/${enc(op.field)}`, body: { value: op.value } };
    case "feedback":
      return { method: "POST", path: "feedback/add", body: op.body };
    case "feedback.continue":
      return { method: "POST", path: `feedback/${op.feedback_id}/continue_feedback`, body: op.body };
  }
}

export function scopeOf(op: OutboxOp): Scope | null {
  if (isGroupOp(op)) return { store: "groups", tripitaka_uid: op.tripitaka_uid };
  switch (op.kind) {
    case "pin.sutra":
      return { store: "pins", tripitaka_uid: op.tripitaka_uid };
    case "read":
      return { store: "recentReads", tripitaka_uid: op.tripitaka_uid };
    case "read_config":
      return { store: "readConfig", field: op.field };
    default:
      return null;
  }
}

/** The group ids a write names (a new group's own temporary id is not one of them). */
export function referencedGroupIds(op: OutboxOp): number[] {
  switch (op.kind) {
    case "group.rename":
    case "group.delete":
      return [op.id];
    case "group.reorder":
      return Object.keys(op.order).map(Number);
    default:
      return [];
  }
}

/** The same write with every group id it names passed through `map`. */
export function withGroupIds(op: OutboxOp, map: (id: number) => number): OutboxOp {
  switch (op.kind) {
    case "group.rename":
    case "group.delete":
      return { ...op, id: map(op.id) };
    case "group.reorder":
      return {
        ...op,
        order: Object.fromEntries(Object.entries(op.order).map(([id, sn]) => [String(map(Number(id))), sn])),
      };
    default:
      return op;
  }
}

/** The reel or page a reading record is about. */
export const readTarget = (op: ReadOp): string =>
  (op.op_type === "reel_read" ? op.context.reel_uid : op.context.page_uid) ?? "";
