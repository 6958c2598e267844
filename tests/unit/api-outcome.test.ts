import { describe, expect, it } from "vitest";
import { readOutcome } from "../../src/api/outcome.ts";

const envelope = (code: number, result: unknown = null) => ({ code, msg: `m${code}`, result });

describe("readOutcome", () => {
  it.each([
    [200, envelope(0, { a: 1 }), { kind: "result", result: { a: 1 } }],
    [400, envelope(511), { kind: "notice", notice: { kind: "code", code: 511, msg: "m511" } }],
    [400, envelope(606), { kind: "notice", notice: { kind: "code", code: 606, msg: "m606" } }],
    [405, envelope(405), { kind: "notice", notice: { kind: "code", code: 405, msg: "m405" } }],
    [400, envelope(1003), { kind: "screen", code: 1003, msg: "m1003" }],
    [500, envelope(1000), { kind: "screen", code: 1000, msg: "m1000" }],
    [429, envelope(429), { kind: "notice", notice: { kind: "rateLimited" } }],
    [429, undefined, { kind: "notice", notice: { kind: "rateLimited" } }],
    [429, envelope(430), { kind: "notice", notice: { kind: "tooFrequent" } }],
    [429, envelope(507), { kind: "notice", notice: { kind: "tooFrequent" } }],
    [
      404,
      envelope(404),
      { kind: "notice", notice: { kind: "status", status: 404, statusText: "Not Found" } },
    ],
    [
      403,
      envelope(403),
      { kind: "notice", notice: { kind: "status", status: 403, statusText: "Forbidden" } },
    ],
    [
      422,
      envelope(422),
      { kind: "notice", notice: { kind: "status", status: 422, statusText: "Unprocessable Entity" } },
    ],
    [
      503,
      undefined,
      { kind: "notice", notice: { kind: "status", status: 503, statusText: "Service unavailable" } },
    ],
    [418, undefined, { kind: "notice", notice: { kind: "unexpected", status: 418 } }],
  ])("status %i with %j", (status, body, expected) => {
    expect(readOutcome(status, body)).toMatchObject(expected);
  });
});
