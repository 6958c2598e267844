/**
 * `POST /v1/feedback/add` (spec section 7): a signed-in reader's feedback on the text; the
 * conversation that follows it, the reader's and the administrator's, is registered with it.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, ok } from "../../../contract/envelope.ts";
import { feedbackAddBody, feedbackSchema } from "../../../contract/feedback-schemas.ts";
import { IDEMPOTENCY_HEADER } from "../../../contract/idempotency.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { idempotencyKeySchema } from "../../plugins/idempotency.ts";
import { signedInErrors } from "../../plugins/route-errors.ts";
import { registerAdminFeedbackRoutes } from "./admin-routes.ts";
import { registerFeedbackConversationRoutes } from "./conversation-routes.ts";
import { addFeedback, feedbackCtxOf } from "./feedback-service.ts";

const addHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

export function registerFeedbackRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = feedbackCtxOf(app);

  app.post(
    "/feedback/add",
    {
      preHandler: requireUser,
      schema: {
        tags: ["feedback"],
        security: bearerSecurity,
        headers: addHeaders,
        body: feedbackAddBody,
        response: { 200: envelope(feedbackSchema), ...signedInErrors },
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
