import { type ErrorCode, errorCatalogue } from "../contract/errors.ts";

/** A failure with a catalogue code; the error handler turns it into `{ code, msg, result: null }`. */
export class ApiError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, msg?: string) {
    super(msg ?? errorCatalogue[code].meaning);
    this.name = "ApiError";
    this.code = code;
  }
}

export const notFound = (what: string, uid: string): ApiError =>
  new ApiError(404, `${what} not found: ${uid}`);
export const badRequest = (msg: string): ApiError => new ApiError(400, msg);
