/**
 * The administrator's feedback calls (spec section 7): `GET /v1/admin/feedbacks`,
 * `GET /v1/admin/feedback/{feedback_id}`, its `/logs`, and `POST .../continue_feedback`.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, errorEnvelope, ok, paged } from "../../../contract/envelope.ts";
import {
  adminContinueFeedbackBody,
  adminFeedbackListQuery,
  adminFeedbackLogsQuery,
  adminFeedbackParams,
  adminFeedbackSchema,
  feedbackLogSchema,
} from "../../../contract/feedback-conversation.ts";
import { bearerSecurity, requireRole, signedIn } from "../../plugins/auth.ts";
import {
  adminFeedbackLogs,
  getAdminFeedback,
  listAdminFeedback,
  replyToFeedback,
} from "./admin-feedback-service.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const tags = ["admin"];

export function registerAdminFeedbackRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = {
    db: app.auth.db,
    storage: app.deps.storage,
    now: app.auth.now,
    sender: app.auth.sender,
    log: app.log,
  };
  const preHandler = requireRole("admin");

  app.get(
    "/admin/feedbacks",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: adminFeedbackListQuery,
        response: { 200: envelope(paged(adminFeedbackSchema)), ...errors },
      },
    },
    async (request) => ok(await listAdminFeedback(ctx, request.query)),
  );

  app.get(
    "/admin/feedback/:feedback_id",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        params: adminFeedbackParams,
        response: { 200: envelope(adminFeedbackSchema), ...errors },
      },
    },
    async (request) => ok(await getAdminFeedback(ctx, request.params.feedback_id)),
  );

  app.get(
    "/admin/feedback/:feedback_id/logs",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        params: adminFeedbackParams,
        querystring: adminFeedbackLogsQuery,
        response: { 200: envelope(paged(feedbackLogSchema)), ...errors },
      },
    },
    async (request) => ok(await adminFeedbackLogs(ctx, request.params.feedback_id, request.query)),
  );

  app.post(
    "/admin/feedback/:feedback_id/continue_feedback",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        params: adminFeedbackParams,
        body: adminContinueFeedbackBody,
        response: { 200: envelope(feedbackLogSchema), ...errors },
      },
    },
    async (request) =>
      ok(await replyToFeedback(ctx, signedIn(request).id, request.params.feedback_id, request.body)),
  );
}
