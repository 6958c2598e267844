import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { type ErrorCode, errorCatalogue, isErrorCode, statusOf } from "../../contract/errors.ts";
import { ApiError } from "../errors.ts";

function send(reply: import("fastify").FastifyReply, code: ErrorCode, msg: string) {
  return reply.status(statusOf(code)).send({ code, msg, result: null });
}

/**
 * The one error handler: catalogue codes go out as they are, validation failures as 400 with the
 * field and the reason, and everything else as a bare 500 whose detail stays in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    if (thrown instanceof ApiError) return send(reply, thrown.code, thrown.message);
    const error: FastifyError = thrown;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        const part = error.validationContext ?? "request";
        return `${part}${where ? `.${where}` : ""}: ${v.message}`;
      });
      return send(reply, 400, issues.join("; "));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return send(reply, 500, errorCatalogue[500].meaning);
    }
    const status = error.statusCode ?? 500;
    if (status < 500 && isErrorCode(status)) return send(reply, status, error.message);
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, errorCatalogue[500].meaning);
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, `no route ${request.method} ${request.url.split("?")[0]}`),
  );
}
