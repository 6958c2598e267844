/** Errors the API client throws. Every one carries the HTTP status and the body code when known. */
export class ApiError extends Error {
  override readonly name: string = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    /** True when the client already showed a toast or modal for it. */
    readonly notified: boolean,
    /** The envelope's `msg`, empty when the answer had none. */
    readonly serverMsg: string = "",
  ) {
    super(message);
  }
}

/** A body code of 1000 or above: the calling screen decides what to show (spec section 8). */
export class ApiCodeError extends ApiError {
  override readonly name: string = "ApiCodeError";
  constructor(status: number, code: number, msg: string) {
    super(msg || `error ${code}`, status, code, false, msg);
  }
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.code === 404);

/** Refused: the signed-in user lacks the role, or a limit of the site (the page-image views) is reached. */
export const isForbidden = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 403 || error.code === 403);

/** A request given up by its caller (its signal aborted): nothing went wrong, nothing is shown. */
export const isAbort = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
