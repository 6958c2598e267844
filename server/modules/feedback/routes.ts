/**
 * `POST /v1/feedback/add` (spec section 7): a signed-in reader's feedback on the text; the
 * conversation that follows it, the reader's and the administrator's, is registered with it.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { feedbackAddBody, feedbackSchema } from "../../../contract/feedback-schemas.ts";
import { IDEMPOTENCY_HEADER } from "../../../contract/idempotency.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { idempotencyKeySchema } from "../../plugins/idempotency.ts";
import { registerAdminFeedbackRoutes } from "./admin-routes.ts";
import { registerFeedbackConversationRoutes } from "./conversation-routes.ts";
import { addFeedback } from "./feedback-service.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };
const addHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

export function registerFeedbackRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.auth.db, storage: app.deps.storage, now: app.auth.now };

  app.post(
    "/feedback/add",
    {
      preHandler: requireUser,
      schema: {
        tags: ["feedback"],
        security: bearerSecurity,
        headers: addHeaders,
        body: feedbackAddBody,
        response: { 200: envelope(feedbackSchema), ...errors },
      },
    },
    async (request) => {
      const clientKey = request.headers[IDEMPOTENCY_HEADER] ?? null;
      return ok(await addFeedback(ctx, signedIn(request).id, request.body, clientKey));
    },
  );
  registerFeedbackConversationRoutes(parent);
  registerAdminFeedbackRoutes(parent);
}
