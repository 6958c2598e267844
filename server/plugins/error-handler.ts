import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorEnvelope } from "../../contract/envelope.ts";
import { type ErrorCode, errorCatalogue, isErrorCode, statusOf } from "../../contract/errors.ts";
import { ApiError } from "../errors.ts";
import { addSecurityHeaders } from "./security-headers.ts";

/** The largest request body the server reads, in bytes (Fastify's `bodyLimit`). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The longest path parameter the router accepts, in characters; longer ones answer 414. */
export const PATH_PARAM_MAX = 100;

type Answer = { code: ErrorCode; msg: string };

function send(reply: FastifyReply, { code, msg }: Answer) {
  return reply.status(statusOf(code)).send({ code, msg, result: null } satisfies ErrorEnvelope);
}

const SERVER_ERROR: Answer = { code: 500, msg: errorCatalogue[500].meaning };

function unsupportedMediaType(request: FastifyRequest): string {
  const header = request.headers["content-type"];
  if (header === undefined || header === "") return "the request has a body but no Content-Type";
  return `Content-Type ${JSON.stringify(header.slice(0, 100))} is not accepted here`;
}

/**
 * Fastify's own request errors, told apart by their string code, as catalogue answers: the status
 * Fastify chose stays, and the message says what was wrong with the request.
 */
function frameworkAnswer(error: { code?: string }, request: FastifyRequest): Answer | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { code: 415, msg: unsupportedMediaType(request) };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { code: 413, msg: `the request body is over ${request.routeOptions.bodyLimit} bytes` };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { code: 400, msg: "the body's size does not match its Content-Length" };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { code: 400, msg: "the body is empty but its Content-Type is application/json" };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { code: 400, msg: "the body is not valid JSON" };
    case "FST_ERR_BAD_URL":
      return { code: 400, msg: "the path holds a malformed percent-encoding" };
    case "FST_ERR_MAX_PARAM_LENGTH":
      return { code: 414, msg: `a path parameter is longer than ${PATH_PARAM_MAX} characters` };
    default:
      return null;
  }
}

/** What any thrown value answers; only server faults are logged, and their detail stays there. */
function answerOf(thrown: unknown, request: FastifyRequest): Answer {
  if (thrown instanceof ApiError) return { code: thrown.code, msg: thrown.message };
  if (hasZodFastifySchemaValidationErrors(thrown)) {
    const issues = thrown.validation.map((v) => {
      const where = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const part = thrown.validationContext ?? "request";
      return `${part}${where ? `.${where}` : ""}: ${v.message}`;
    });
    return { code: 400, msg: issues.join("; ") };
  }
  if (isResponseSerializationError(thrown)) {
    request.log.error({ err: thrown, issues: thrown.cause.issues }, "response does not match its schema");
    return SERVER_ERROR;
  }
  if (!(thrown instanceof Error)) {
    request.log.error({ thrown }, "a non-error was thrown");
    return SERVER_ERROR;
  }
  const error: Error & Partial<Pick<FastifyError, "code" | "statusCode">> = thrown;
  const known = frameworkAnswer(error, request);
  if (known) return known;
  const status = typeof error.statusCode === "number" ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // A client error the catalogue has no code for is a bad request all the same.
    return { code: isErrorCode(status) ? status : 400, msg: error.message };
  }
  request.log.error({ err: error }, "unhandled error");
  return SERVER_ERROR;
}

/**
 * Fastify's `frameworkErrors` option: errors met while routing, before any route runs (a malformed
 * percent-encoding, an over-long path parameter), answered like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  addSecurityHeaders(request.raw, reply.raw);
  void send(reply, answerOf(error, request));
}

const CLIENT_ERRORS: Record<string, Answer> = {
  ERR_HTTP_REQUEST_TIMEOUT: { code: 408, msg: errorCatalogue[408].meaning },
  HPE_HEADER_OVERFLOW: { code: 431, msg: errorCatalogue[431].meaning },
};

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refused (headers too large,
 * a malformed request line) gets the envelope on the raw socket before it is closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const answer = CLIENT_ERRORS[error.code] ?? { code: 400, msg: "the request could not be parsed" };
    const status = statusOf(answer.code);
    const body = JSON.stringify({ code: answer.code, msg: answer.msg, result: null } satisfies ErrorEnvelope);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The one error handler: catalogue codes go out as they are, validation failures as 400 with the
 * field and the reason, Fastify's request errors with their own status (413, 414, 415, ...), and
 * everything else as a bare 500 whose detail stays in the log. While the server shuts down, new
 * requests answer 503 (the app is built with `return503OnClosing: false` so this answer is ours).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Every body the API reads is JSON, a form or a multipart upload: a text body is refused with
  // 415 like any other type, rather than read as a string that fails the route's schema.
  app.removeContentTypeParser("text/plain");
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    throw new ApiError(503, "the server is shutting down: try again shortly");
  });

  app.setErrorHandler((thrown: unknown, request, reply) => send(reply, answerOf(thrown, request)));

  app.setNotFoundHandler((request, reply) =>
    send(reply, { code: 404, msg: `no route ${request.method} ${request.url.split("?")[0]?.slice(0, 200)}` }),
  );
}
