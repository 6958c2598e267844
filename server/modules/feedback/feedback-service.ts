/**
 * Adding feedback (spec sections 3, 5, 7): the sutra, reel or page and the selected lines must be
 * real and belong together, an attachment must be the reader's own upload, and a repeated send
 * with the same idempotency key answers the feedback stored the first time.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type FeedbackStatus, userStatusOf } from "../../../contract/feedback.ts";
import { type Feedback, type FeedbackAdd, feedbackSchema } from "../../../contract/feedback-schemas.ts";
import { parseCharId, parseLineId, tripitakaOf } from "../../../contract/ids.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.ts";
import { assertStorageKey, type ObjectStorage } from "../../storage/storage.ts";
import {
  type FeedbackRow,
  findByClientKey,
  findSutra,
  insertFeedback,
  pagesOfReel,
  reelOfSutraExists,
  sutrasOnPage,
} from "./feedback-repository.ts";

export type FeedbackCtx = { db: Kysely<Database>; storage: ObjectStorage; now: () => number };

/** A running server's user database, object storage and clock. */
export function feedbackCtxOf(app: FastifyInstance): FeedbackCtx {
  return { db: app.auth.db, storage: app.deps.storage, now: app.auth.now };
}

export const attachmentDir = (userId: number): string => `feedback/${userId}/`;

const pageOfPosition = (cid: string): string | null =>
  parseLineId(cid)?.pageUid ?? parseCharId(cid)?.pageUid ?? null;

export function toFeedback(row: FeedbackRow, storage: ObjectStorage): Feedback {
  const status = feedbackSchema.shape.status.parse(row.status) satisfies FeedbackStatus;
  return {
    _id: row.id,
    feedback_type: feedbackSchema.shape.feedback_type.parse(row.feedback_type),
    question_type: feedbackSchema.shape.question_type.parse(row.question_type),
    source: feedbackSchema.shape.source.parse(row.source),
    sutra_uid: row.sutra_uid,
    reel_uid: row.reel_uid,
    page_id: row.page_id,
    block_id: row.block_id,
    cids: feedbackSchema.shape.cids.parse(JSON.parse(row.cids)),
    origin_text: row.origin_text,
    suggestion: row.suggestion,
    attachment: row.attachment ? storage.urlFor(row.attachment) : null,
    status,
    user_status: userStatusOf(status),
    has_unread_log: row.has_unread_log !== 0,
    created_at: row.created_at,
  };
}

/** The pages the selection may lie on: the reel's pages, or the one page read. */
async function allowedPages(ctx: FeedbackCtx, body: FeedbackAdd): Promise<Set<string>> {
  if (body.source === "by_reel") {
    const reelUid = body.reel_uid ?? "";
    if (!(await reelOfSutraExists(ctx.db, reelUid, body.sutra_uid))) throw notFound("reel", reelUid);
    return pagesOfReel(ctx.db, reelUid);
  }
  const pageUid = body.page_id ?? "";
  const sutras = await sutrasOnPage(ctx.db, pageUid);
  if (sutras === null) throw notFound("page", pageUid);
  // A page that carries text of its own belongs to no sutra; any sutra named with it is taken as given.
  if (sutras.length > 0 && body.sutra_uid === "")
    throw badRequest(`page ${pageUid} holds text of ${sutras[0]}: sutra_uid is required`);
  if (sutras.length > 0 && !sutras.includes(body.sutra_uid))
    throw badRequest(`page ${pageUid} has no text of ${body.sutra_uid}`);
  return new Set([pageUid]);
}

/** The sutra's tripitaka, or for a page of no sutra the page's own. */
async function tripitakaOfFeedback(ctx: FeedbackCtx, body: FeedbackAdd): Promise<string> {
  if (body.sutra_uid !== "") {
    const sutra = await findSutra(ctx.db, body.sutra_uid);
    if (!sutra) throw notFound("sutra", body.sutra_uid);
    return sutra.tripitaka_uid;
  }
  const pageUid = body.page_id ?? "";
  const tripitakaUid = tripitakaOf(pageUid);
  if (!tripitakaUid) throw notFound("page", pageUid);
  return tripitakaUid;
}

/** An attachment must be an existing upload of the user's own (under `feedback/<userId>/`). */
export async function checkAttachment(ctx: FeedbackCtx, userId: number, key: string): Promise<void> {
  if (!key.startsWith(attachmentDir(userId)))
    throw badRequest("the attachment must be one of your own uploads");
  let exists = false;
  try {
    assertStorageKey(key);
    exists = await ctx.storage.exists(key);
  } catch {
    exists = false;
  }
  if (!exists) throw badRequest(`no uploaded image at ${key}`);
}

export async function addFeedback(
  ctx: FeedbackCtx,
  userId: number,
  body: FeedbackAdd,
  clientKey: string | null,
): Promise<Feedback> {
  if (clientKey) {
    const earlier = await findByClientKey(ctx.db, userId, clientKey);
    if (earlier) return toFeedback(earlier, ctx.storage);
  }
  const tripitakaUid = await tripitakaOfFeedback(ctx, body);
  const pages = await allowedPages(ctx, body);
  const stray = body.cids.filter((cid) => !pages.has(pageOfPosition(cid) ?? ""));
  if (stray.length > 0) throw badRequest(`cids outside the text read: ${stray.slice(0, 3).join(", ")}`);
  const attachment = body.attachment ? body.attachment : null;
  if (attachment) await checkAttachment(ctx, userId, attachment);

  const now = ctx.now();
  const row = {
    user_id: userId,
    feedback_type: body.feedback_type,
    question_type: body.question_type,
    source: body.source,
    tripitaka_uid: tripitakaUid,
    sutra_uid: body.sutra_uid,
    reel_uid: body.source === "by_reel" ? (body.reel_uid ?? null) : null,
    page_id: body.source === "by_page" ? (body.page_id ?? null) : null,
    block_id: body.source === "by_page" ? (body.block_id ?? null) : null,
    cids: JSON.stringify([...new Set(body.cids)]),
    origin_text: body.origin_text,
    suggestion: body.suggestion,
    attachment,
    status: "pending" satisfies FeedbackStatus,
    last_deal_by: null,
    last_deal_at: null,
    client_key: clientKey,
    created_at: now,
    updated_at: now,
  };
  try {
    return toFeedback(await insertFeedback(ctx.db, row), ctx.storage);
  } catch (error) {
    // Two sends of one queued write at once: the other one stored it.
    const stored = clientKey ? await findByClientKey(ctx.db, userId, clientKey) : null;
    if (stored) return toFeedback(stored, ctx.storage);
    throw error;
  }
}
