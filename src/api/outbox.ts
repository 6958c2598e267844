/**
 * Sends one queued write (spec section 7 write calls) with its `Idempotency-Key`, through the app's
 * client (Bearer token, one refresh on 401), and reads the answer without showing anything: the
 * sync engine decides what a refusal means. A request that never got an answer throws (a TypeError
 * from fetch, a TimeoutError from ky), as every call of this client does.
 */
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "../../contract/idempotency.ts";
import type { ApiClient } from "./client.ts";
import type { ApiNotice } from "./events.ts";
import { readOutcome } from "./outcome.ts";

export type QueuedRequest = {
  method: "POST" | "PUT" | "DELETE";
  /** Relative to the /v1 prefix. */
  path: string;
  /** Sent as JSON; null sends no body. */
  body: unknown;
  key: string;
};

export type QueuedAnswer =
  | { kind: "ok"; result: unknown; replayed: boolean }
  /** Refused: the HTTP status, the body's code and message, and what the client would have shown. */
  | { kind: "refused"; status: number; code: number | null; msg: string; notice: ApiNotice | null };

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function sendQueued(api: ApiClient, request: QueuedRequest): Promise<QueuedAnswer> {
  const response = await api.http(request.path, {
    method: request.method,
    headers: { [IDEMPOTENCY_HEADER]: request.key },
    ...(request.body === null ? {} : { json: request.body }),
  });
  const outcome = readOutcome(response.status, await readJson(response), response.statusText);
  if (outcome.kind === "result")
    return {
      kind: "ok",
      result: outcome.result ?? null,
      replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER) === "true",
    };
  return {
    kind: "refused",
    status: response.status,
    code: outcome.code,
    msg: outcome.msg,
    notice: outcome.kind === "notice" ? outcome.notice : null,
  };
}
