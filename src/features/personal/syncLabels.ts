/**
 * A queued write as the reader reads it ("新建分组“早课”", "阅读记录 JS0001_1"), and its last
 * problem. An op kind this code does not know (a record written by a newer version) gets a
 * generic label with its path.
 */
import type { MessageDescriptor } from "@lingui/core";
import { charCount } from "../../../contract/feedback.ts";
import { UNRESOLVED_GROUP } from "../../offline/outbox/records.ts";
import type { OutboxError, OutboxRecord } from "../../offline/userData/db.ts";
import { syncLabels as l, syncText as t } from "./syncMessages.ts";

export type Described = { message: MessageDescriptor; values: Record<string, string | number> };

const FEEDBACK_SHOWN = 20;
const SUTRAS_SHOWN = 3;

const excerpt = (text: string, max: number) =>
  charCount(text) > max ? `${Array.from(text).slice(0, max).join("")}…` : text;

const listed = (items: readonly string[], max: number) =>
  items.length > max ? `${items.slice(0, max).join("、")}…` : items.join("、");

export function describeRecord(record: Pick<OutboxRecord, "op" | "path">): Described {
  const op = record.op;
  switch (op.kind) {
    case "group.create":
      return { message: l.groupCreate, values: { name: op.name } };
    case "group.rename":
      return { message: l.groupRename, values: { from: op.from, name: op.name } };
    case "group.delete":
      return { message: l.groupDelete, values: { name: op.name } };
    case "group.reorder":
      return { message: l.groupReorder, values: { names: op.names.join("、") } };
    case "group.add_sutras":
      return {
        message: l.groupAdd,
        values: { name: op.name, count: op.sutra_uids.length, sutras: listed(op.sutra_uids, SUTRAS_SHOWN) },
      };
    case "group.remove_sutra":
      return { message: l.groupRemove, values: { name: op.name, sutra: op.sutra_uid } };
    case "pin.sutra":
      return { message: op.is_add ? l.pin : l.unpin, values: { sutra: op.sutra_uid } };
    case "read":
      return op.op_type === "reel_read"
        ? { message: l.reelRead, values: { reel: op.context.reel_uid ?? "" } }
        : { message: l.pageRead, values: { page: op.context.page_uid ?? "" } };
    case "read_config":
      return { message: l.readConfig, values: { field: op.field } };
    case "feedback":
      return { message: l.feedback, values: { text: excerpt(op.body.suggestion, FEEDBACK_SHOWN) } };
    case "feedback.continue":
      return { message: l.feedbackContinue, values: { text: excerpt(op.body.content, FEEDBACK_SHOWN) } };
    default:
      return { message: l.other, values: { path: record.path } };
  }
}

export function describeError(error: OutboxError): Described {
  if (error.status === null)
    return { message: error.msg === UNRESOLVED_GROUP ? t.unresolvedGroup : t.noNetwork, values: {} };
  return { message: t.serverError, values: { status: error.status, msg: error.msg } };
}
