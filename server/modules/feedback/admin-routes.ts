/**
 * The administrator's feedback calls (spec section 7): `GET /v1/admin/feedbacks`,
 * `GET /v1/admin/feedback/{feedback_id}`, its `/logs`, and `POST .../continue_feedback`.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, ok, paged } from "../../../contract/envelope.ts";
import {
  adminContinueFeedbackBody,
  adminFeedbackListQuery,
  adminFeedbackLogsQuery,
  adminFeedbackParams,
  adminFeedbackSchema,
  feedbackLogSchema,
} from "../../../contract/feedback-conversation.ts";
import { bearerSecurity, requireRole, signedIn } from "../../plugins/auth.ts";
import { roleRowErrors } from "../../plugins/route-errors.ts";
import {
  adminFeedbackLogs,
  getAdminFeedback,
  listAdminFeedback,
  replyToFeedback,
} from "./admin-feedback-service.ts";
import { feedbackCtxOf } from "./feedback-service.ts";

const tags = ["admin"];

export function registerAdminFeedbackRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = { ...feedbackCtxOf(app), sender: app.auth.sender, log: app.log };
  const preHandler = requireRole("admin");

  app.get(
    "/admin/feedbacks",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: adminFeedbackListQuery,
        response: { 200: envelope(paged(adminFeedbackSchema)), ...roleRowErrors },
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
        response: { 200: envelope(adminFeedbackSchema), ...roleRowErrors },
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
        response: { 200: envelope(paged(feedbackLogSchema)), ...roleRowErrors },
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
        response: { 200: envelope(feedbackLogSchema), ...roleRowErrors },
      },
    },
    async (request) =>
      ok(await replyToFeedback(ctx, signedIn(request).id, request.params.feedback_id, request.body)),
  );
}
