/**
 * The administrator's side of feedback (spec sections 2, 4, 7): the filtered list, one feedback
 * with its reader, its conversation, and the reply that sets its status and tells the reader.
 */
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import type {
  AdminContinueFeedback,
  AdminFeedback,
  AdminFeedbackListQuery,
  adminFeedbackLogsQuery,
  FeedbackLog,
} from "../../../contract/feedback-conversation.ts";
import { siteDayEnd, siteDayStart } from "../../../contract/list-queries.ts";
import { pageRequestOf } from "../../db/paging.ts";
import { notFound } from "../../errors.ts";
import type { MessageSender } from "../auth/messages.ts";
import { feedbackReplyNotice, mailNotice, writeNotice } from "../messages/notices.ts";
import {
  type AdminFeedbackRow,
  findFeedbackForAdmin,
  listFeedbackForAdmin,
  recordAdminReply,
} from "./admin-feedback-repository.ts";
import { findFeedbackLog, insertFeedbackLog, listFeedbackLogs } from "./conversation-repository.ts";
import { toFeedbackLog } from "./conversation-service.ts";
import { checkAttachment, type FeedbackCtx, toFeedback } from "./feedback-service.ts";

export type AdminFeedbackCtx = FeedbackCtx & { sender: MessageSender; log: FastifyBaseLogger };

function toAdminFeedback(row: AdminFeedbackRow, ctx: FeedbackCtx): AdminFeedback {
  return {
    ...toFeedback(row, ctx.storage),
    user_id: row.user_id,
    user_name: row.user_name,
    nick_name: row.nick_name,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    last_deal_by: row.last_deal_by,
    last_deal_username: row.last_deal_username,
    last_deal_at: row.last_deal_at,
    updated_at: row.updated_at,
  };
}

export async function listAdminFeedback(
  ctx: FeedbackCtx,
  query: AdminFeedbackListQuery,
): Promise<Paged<AdminFeedback>> {
  const { total, rows } = await listFeedbackForAdmin(
    ctx.db,
    {
      username: query.username,
      sutra: query.sutra,
      from: query.start_date ? siteDayStart(query.start_date) : null,
      until: query.end_date ? siteDayEnd(query.end_date) : null,
      questionType: query.question_type,
      status: query.status,
      sort: query.sort_by,
    },
    pageRequestOf(query),
  );
  return pageOf(
    total,
    query,
    rows.map((row) => toAdminFeedback(row, ctx)),
  );
}

async function feedbackOrNotFound(ctx: FeedbackCtx, feedbackId: number): Promise<AdminFeedbackRow> {
  const row = await findFeedbackForAdmin(ctx.db, feedbackId);
  if (!row) throw notFound("feedback", String(feedbackId));
  return row;
}

export async function getAdminFeedback(ctx: FeedbackCtx, feedbackId: number): Promise<AdminFeedback> {
  return toAdminFeedback(await feedbackOrNotFound(ctx, feedbackId), ctx);
}

export async function adminFeedbackLogs(
  ctx: FeedbackCtx,
  feedbackId: number,
  query: z.output<typeof adminFeedbackLogsQuery>,
): Promise<Paged<FeedbackLog>> {
  await feedbackOrNotFound(ctx, feedbackId);
  const { total, rows } = await listFeedbackLogs(ctx.db, feedbackId, pageRequestOf(query));
  return pageOf(
    total,
    query,
    rows.map((row) => toFeedbackLog(row, ctx.storage, "admin")),
  );
}

/**
 * Replies, sets the feedback's status and writes the reader a system message, in one
 * transaction; the reader is mailed once it has committed.
 */
export async function replyToFeedback(
  ctx: AdminFeedbackCtx,
  adminId: number,
  feedbackId: number,
  body: AdminContinueFeedback,
): Promise<FeedbackLog> {
  const feedback = await feedbackOrNotFound(ctx, feedbackId);
  const attachment = body.attachment ? body.attachment : null;
  if (attachment) await checkAttachment(ctx, adminId, attachment);
  const now = ctx.now();
  const notice = feedbackReplyNotice(
    { id: feedback.user_id, email: feedback.email },
    feedbackId,
    body.content,
  );
  const logId = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordAdminReply(trx, feedbackId, { status: body.status, adminId, now })))
      throw notFound("feedback", String(feedbackId));
    const id = await insertFeedbackLog(trx, {
      feedbackId,
      sender: "admin",
      authorId: adminId,
      content: body.content,
      attachment,
      status: body.status,
      createdAt: now,
    });
    await writeNotice(trx, notice, now);
    return id;
  });
  await mailNotice(ctx, notice);
  return toFeedbackLog(await findFeedbackLog(ctx.db, logId), ctx.storage, "admin");
}
