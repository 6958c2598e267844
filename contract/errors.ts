/**
 * The error catalogue of the /v1 API (spec section 8).
 *
 * Every non-success response body is `{ code, msg, result: null }`. `code` is one of the codes
 * below; `status` is the HTTP status the server answers with. Codes below 1000 are toasted by the
 * client with their translated text; codes 1000 and above are left to the calling screen.
 */
export const errorCatalogue = {
  // Transport-level codes: the body code equals the HTTP status.
  400: { status: 400, meaning: "bad request: a parameter is missing or malformed" },
  401: { status: 401, meaning: "not signed in, or the token has expired" },
  403: { status: 403, meaning: "forbidden: the signed-in user lacks the role" },
  404: { status: 404, meaning: "not found: no tripitaka, sutra, reel, page or image with that uid" },
  405: { status: 405, meaning: "method not allowed" },
  408: { status: 408, meaning: "request timeout: the request did not arrive in time" },
  409: { status: 409, meaning: "conflict: a request with this idempotency key is still being applied" },
  412: { status: 412, meaning: "precondition failed: the stored file is not the one asked for" },
  413: { status: 413, meaning: "payload too large: the request body is over the limit" },
  414: { status: 414, meaning: "URI too long: a path segment is over the limit" },
  415: { status: 415, meaning: "unsupported media type: the body's Content-Type is not accepted here" },
  416: { status: 416, meaning: "range not satisfiable: the range lies outside the file" },
  422: { status: 422, meaning: "unprocessable: the request is well formed but cannot be applied" },
  429: { status: 429, meaning: "too many requests: protection triggered" },
  430: { status: 429, meaning: "too frequent, try again later" },
  431: { status: 431, meaning: "request header fields too large" },
  500: { status: 500, meaning: "internal server error" },
  502: { status: 502, meaning: "bad gateway" },
  503: { status: 503, meaning: "service unavailable" },
  505: { status: 400, meaning: "captcha wrong" },
  506: { status: 400, meaning: "captcha invalid" },
  507: { status: 429, meaning: "too frequent, try again later" },
  508: { status: 500, meaning: "exception while sending the verification code" },
  511: { status: 400, meaning: "incorrect username or password" },
  606: { status: 400, meaning: "user does not exist" },
  // Screen-handled codes.
  1000: { status: 500, meaning: "system exception" },
  1001: { status: 500, meaning: "system error" },
  1003: { status: 400, meaning: "username already exists" },
  1004: { status: 400, meaning: "e-mail or phone already registered" },
  1005: { status: 400, meaning: "verification code wrong" },
  1006: { status: 400, meaning: "old password wrong" },
  1008: { status: 400, meaning: "verification code expired" },
  1009: { status: 400, meaning: "wrong e-mail" },
  1010: { status: 400, meaning: "wrong phone" },
  1012: { status: 400, meaning: "wrong e-mail binding (password recovery)" },
  1013: { status: 400, meaning: "wrong phone binding (password recovery)" },
  1015: { status: 400, meaning: "WeChat bound to another account" },
  1016: { status: 400, meaning: "account already bound to WeChat" },
  1505: { status: 400, meaning: "captcha required or wrong" },
  1506: { status: 400, meaning: "image captcha expired" },
} as const satisfies Record<number, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const SUCCESS_CODE = 0;

export function isErrorCode(code: number): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** Codes the client toasts globally (spec section 8: non-zero and below 1000). */
export function isToastedCode(code: number): boolean {
  return code !== SUCCESS_CODE && code < 1000;
}

/** Status texts as the spec gives them. */
export const transportStatusText: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service unavailable",
  504: "Gateway Timeout",
};
