/**
 * Reads one answer of the /v1 API (spec section 8) into what should happen with it: a result, a
 * notice for everyone (toast or modal), or an error for the calling screen.
 */
import { SUCCESS_CODE, transportStatusText } from "../../contract/errors.ts";
import type { ApiNotice } from "./events.ts";

/** Statuses shown as "code + status text" (spec section 8). */
export const TRANSPORT_STATUSES: readonly number[] = [400, 401, 403, 404, 500, 502, 503, 422];
const TOO_FREQUENT_CODES: readonly number[] = [430, 507];
const RATE_LIMITED = 429;
const SCREEN_CODES_FROM = 1000;

export type Outcome =
  | { kind: "result"; result: unknown }
  /** Codes of 1000 and above: not toasted, thrown to the screen as an ApiCodeError. */
  | { kind: "screen"; code: number; msg: string }
  | { kind: "notice"; notice: ApiNotice; code: number | null; msg: string };

type EnvelopeBody = { code: number; msg: string; result: unknown };

function asEnvelope(body: unknown): EnvelopeBody | null {
  if (typeof body !== "object" || body === null) return null;
  const { code, msg, result } = body as Record<string, unknown>;
  if (typeof code !== "number" || !Number.isInteger(code)) return null;
  return { code, msg: typeof msg === "string" ? msg : "", result };
}

export function statusText(status: number, fallback = ""): string {
  return transportStatusText[status] ?? (fallback || (status === 422 ? "Unprocessable Entity" : ""));
}

/** Decides what an answer with HTTP `status` and parsed JSON `body` (or undefined) means. */
export function readOutcome(status: number, body: unknown, httpStatusText = ""): Outcome {
  const envelope = asEnvelope(body);
  const code = envelope?.code ?? null;
  const msg = envelope?.msg ?? "";
  if (envelope && code === SUCCESS_CODE && status < 400) return { kind: "result", result: envelope.result };
  if (code !== null && TOO_FREQUENT_CODES.includes(code)) {
    return { kind: "notice", notice: { kind: "tooFrequent" }, code, msg };
  }
  if (code === RATE_LIMITED || (code === null && status === RATE_LIMITED)) {
    return { kind: "notice", notice: { kind: "rateLimited" }, code, msg };
  }
  if (code !== null && code >= SCREEN_CODES_FROM) return { kind: "screen", code, msg };
  const transport = code === null || code === status ? status : null;
  if (transport !== null && TRANSPORT_STATUSES.includes(transport)) {
    const notice: ApiNotice = {
      kind: "status",
      status: transport,
      statusText: statusText(transport, httpStatusText),
    };
    return { kind: "notice", notice, code, msg };
  }
  if (code !== null && code !== SUCCESS_CODE) {
    return { kind: "notice", notice: { kind: "code", code, msg }, code, msg };
  }
  return { kind: "notice", notice: { kind: "unexpected", status }, code, msg };
}
