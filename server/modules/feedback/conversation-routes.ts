/**
 * The reader's feedback conversations (spec section 7): `GET /v1/feedbacks`,
 * `GET /v1/feedback/{id}/logs` and `POST /v1/feedback/{id}/continue_feedback`.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, errorEnvelope, ok, paged } from "../../../contract/envelope.ts";
import {
  continueFeedbackBody,
  feedbackIdParams,
  feedbackListQuery,
  feedbackLogSchema,
  feedbackLogsQuery,
} from "../../../contract/feedback-conversation.ts";
import { feedbackSchema } from "../../../contract/feedback-schemas.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { signedInErrors } from "../../plugins/route-errors.ts";
import { continueFeedback, listFeedback, readFeedbackLogs } from "./conversation-service.ts";
import { feedbackCtxOf } from "./feedback-service.ts";

const tags = ["feedback"];

export function registerFeedbackConversationRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = feedbackCtxOf(app);

  app.get(
    "/feedbacks",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: feedbackListQuery,
        response: { 200: envelope(paged(feedbackSchema)), ...signedInErrors },
      },
    },
    async (request) => ok(await listFeedback(ctx, signedIn(request).id, request.query)),
  );

  app.get(
    "/feedback/:id/logs",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: feedbackIdParams,
        querystring: feedbackLogsQuery,
        response: { 200: envelope(paged(feedbackLogSchema)), ...signedInErrors },
      },
    },
    async (request) =>
      ok(await readFeedbackLogs(ctx, signedIn(request).id, request.params.id, request.query)),
  );

  app.post(
    "/feedback/:id/continue_feedback",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: feedbackIdParams,
        body: continueFeedbackBody,
        response: { 200: envelope(feedbackLogSchema), 422: errorEnvelope, ...signedInErrors },
      },
    },
    async (request) => ok(await continueFeedback(ctx, signedIn(request).id, request.params.id, request.body)),
  );
}
