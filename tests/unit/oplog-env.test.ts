import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/env.ts";

describe("the operation log's retention settings", () => {
  it("keep addresses 30 days and events for ever unless told", () => {
    expect(loadConfig({}).oplogRetention).toEqual({ ipDays: 30, keepDays: null });
    expect(loadConfig({ OPLOG_IP_DAYS: "7", OPLOG_KEEP_DAYS: "400" }).oplogRetention).toEqual({
      ipDays: 7,
      keepDays: 400,
    });
  });

  it.each([
    [{ OPLOG_IP_DAYS: "0" }, "OPLOG_IP_DAYS"],
    [{ OPLOG_IP_DAYS: "a month" }, "OPLOG_IP_DAYS"],
    [{ OPLOG_KEEP_DAYS: "-1" }, "OPLOG_KEEP_DAYS"],
  ])("stop the server on a bad value %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
