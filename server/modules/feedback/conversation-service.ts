/**
 * The reader's side of a feedback's conversation (spec sections 2, 4, 7): their feedback list,
 * the replies and continuations (opening them marks the replies read), and continuing it while
 * it is not completed. Another reader's feedback is not found.
 */

import type { z } from "zod";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import {
  FEEDBACK_STATUSES,
  type FeedbackStatus,
  isContinuable,
  userStatusOf,
} from "../../../contract/feedback.ts";
import {
  type ContinueFeedback,
  type FeedbackListQuery,
  type FeedbackLog,
  feedbackLogSchema,
  type feedbackLogsQuery,
} from "../../../contract/feedback-conversation.ts";
import type { Feedback } from "../../../contract/feedback-schemas.ts";
import { pageRequestOf } from "../../db/paging.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import {
  type FeedbackLogRow,
  findFeedbackLog,
  findOwnFeedback,
  insertFeedbackLog,
  listFeedbackLogs,
  listOwnFeedback,
  markRepliesRead,
  touchOpenFeedback,
} from "./conversation-repository.ts";
import { checkAttachment, type FeedbackCtx, toFeedback } from "./feedback-service.ts";

type LogsQuery = z.output<typeof feedbackLogsQuery>;

/** A log entry as `viewer` sees it: a reader is not shown which administrator replied. */
export function toFeedbackLog(
  row: FeedbackLogRow,
  storage: ObjectStorage,
  viewer: "reader" | "admin",
): FeedbackLog {
  const status = feedbackLogSchema.shape.status.parse(row.status);
  const sender = feedbackLogSchema.shape.sender.parse(row.sender);
  const hidden = viewer === "reader" && sender === "admin";
  return {
    _id: row.id,
    feedback_id: row.feedback_id,
    sender,
    content: row.content,
    attachment: row.attachment ? storage.urlFor(row.attachment) : null,
    status,
    user_status: userStatusOf(status),
    deal_at: row.created_at,
    deal_by: hidden ? null : row.author_id,
    deal_username: hidden ? null : row.author_username,
  };
}

export async function listFeedback(
  ctx: FeedbackCtx,
  userId: number,
  query: FeedbackListQuery,
): Promise<Paged<Feedback>> {
  const { total, rows } = await listOwnFeedback(
    ctx.db,
    { userId, sutraUids: query.sutra_uids, sort: query.sort_by },
    pageRequestOf(query),
  );
  return pageOf(
    total,
    query,
    rows.map((row) => toFeedback(row, ctx.storage)),
  );
}

/** The conversation of the reader's feedback; opening it marks the administrators' replies read. */
export async function readFeedbackLogs(
  ctx: FeedbackCtx,
  userId: number,
  feedbackId: number,
  query: LogsQuery,
): Promise<Paged<FeedbackLog>> {
  const feedback = await findOwnFeedback(ctx.db, userId, feedbackId);
  if (!feedback) throw notFound("feedback", String(feedbackId));
  const { total, rows } = await listFeedbackLogs(ctx.db, feedbackId, pageRequestOf(query));
  await markRepliesRead(ctx.db, userId, feedbackId);
  return pageOf(
    total,
    query,
    rows.map((row) => toFeedbackLog(row, ctx.storage, "reader")),
  );
}

const OPEN_STATUSES = FEEDBACK_STATUSES.filter(isContinuable);

/** The reader adds to the conversation; 422 once the feedback is completed or refused. */
export async function continueFeedback(
  ctx: FeedbackCtx,
  userId: number,
  feedbackId: number,
  body: ContinueFeedback,
): Promise<FeedbackLog> {
  const feedback = await findOwnFeedback(ctx.db, userId, feedbackId);
  if (!feedback) throw notFound("feedback", String(feedbackId));
  const completed = new ApiError(422, "this feedback is completed: it cannot be continued");
  if (!OPEN_STATUSES.some((status) => status === feedback.status)) throw completed;
  const attachment = body.attachment ? body.attachment : null;
  if (attachment) await checkAttachment(ctx, userId, attachment);
  const now = ctx.now();
  const logId = await ctx.db.transaction().execute(async (trx) => {
    // The status may have changed since it was read: an administrator's reply in between.
    if (!(await touchOpenFeedback(trx, userId, feedbackId, OPEN_STATUSES, now))) throw completed;
    return insertFeedbackLog(trx, {
      feedbackId,
      sender: "reader",
      authorId: userId,
      content: body.content,
      attachment,
      status: "pending" satisfies FeedbackStatus,
      createdAt: now,
    });
  });
  return toFeedbackLog(await findFeedbackLog(ctx.db, logId), ctx.storage, "reader");
}
