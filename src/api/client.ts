/**
 * The HTTP client of the web app: a ky instance on /v1 and `getResult`, which reads the
 * `{ code, msg, result }` envelope with a contract schema.
 */
import ky, { type ResponsePromise } from "ky";
import { z } from "zod";
import { envelope } from "../../contract/envelope.ts";
import { SUCCESS_CODE } from "../../contract/errors.ts";

export const api = ky.create({
  prefixUrl: "/v1",
  // Error bodies are envelopes too: read them instead of letting ky throw a bare HTTPError.
  throwHttpErrors: false,
  retry: { limit: 1, methods: ["get"] },
  timeout: 20_000,
});

const statusEnvelope = z.object({ code: z.number().int(), msg: z.string() });

/** Awaits `request`, checks the envelope and returns its `result` parsed with `schema`. */
export async function getResult<T>(schema: z.ZodType<T>, request: ResponsePromise): Promise<T> {
  const response = await request;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  const status = statusEnvelope.safeParse(body);
  if (!status.success) throw new Error(`HTTP ${response.status}: unexpected response`);
  if (status.data.code !== SUCCESS_CODE) throw new Error(status.data.msg || `error ${status.data.code}`);
  return envelope(schema).parse(body).result;
}
