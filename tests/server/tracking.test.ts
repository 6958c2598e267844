import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

const event = {
  anonymous_uuid: "5b0c3c9e-2f7a-4a35-9d2e-1f8f3d7f8a10",
  tripitaka_uid: "JS",
  timezone: "Asia/Shanghai",
  terminal: "PC",
  event_id: "BROWSE_PAGE",
  url: "/JS",
  extra: {},
};

describe.each(testDialects())("tracking on %s", (dialect) => {
  let h: AuthHarness;
  beforeEach(async () => {
    h = await startAuthApp(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  /** The stored events, once the writer has written what it holds. */
  const rows = async () => {
    await h.app.oplogWriter.flush();
    return h.database.canon.db
      .selectFrom("oplog")
      .select([
        "user_id",
        "anonymous_uuid",
        "tripitaka_uid",
        "event_id",
        "url",
        "extra",
        "user_agent",
        "created_at",
      ])
      .orderBy("id")
      .execute();
  };

  it("records an anonymous event with the request's details", async () => {
    const reply = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/track",
        headers: { "user-agent": "Reader/1" },
        payload: event,
      }),
    );
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({
      user_id: null,
      anonymous_uuid: event.anonymous_uuid,
      tripitaka_uid: "JS",
      event_id: "BROWSE_PAGE",
      url: "/JS",
      user_agent: "Reader/1",
      extra: "{}",
    });
    expect(Number(row?.created_at)).toBe(h.clock.now);

    const forged = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/track",
        headers: { authorization: "Bearer not-a-token" },
        payload: event,
      }),
    );
    expect(forged.code).toBe(0);
    expect((await rows()).map((r) => r.user_id)).toEqual([null, null]);
  });

  it("records the signed-in user and the event's details", async () => {
    await registerUser(h, { username: "tracked", contact: "tracked@example.org", password: "abc123" });
    const token = await accessToken(h, "tracked", "abc123");
    const payload = { ...event, event_id: "LOGIN", url: "/login", extra: { method: "password" } };
    const reply = parse(
      await h.app.inject({ method: "POST", url: "/v1/track", headers: bearer(token), payload }),
    );
    expect(reply.code).toBe(0);
    const [row] = await rows();
    expect(row?.user_id).toBeGreaterThan(0);
    expect(JSON.parse(row?.extra ?? "")).toEqual({ method: "password" });
  });

  it("rejects an unknown event id or a malformed payload with 400 and stores nothing", async () => {
    for (const payload of [
      { ...event, event_id: "CLICK" },
      { ...event, anonymous_uuid: "not-a-uuid" },
      { ...event, tripitaka_uid: "js!" },
    ]) {
      const reply = parse(await h.app.inject({ method: "POST", url: "/v1/track", payload }));
      expect(reply).toMatchObject({ statusCode: 400, code: 400 });
    }
    expect(await rows()).toHaveLength(0);
  });

  it("limits the events one address may send in a minute", async () => {
    const limited = await startAuthApp(dialect, { trackRateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const send = async () =>
        parse(await limited.app.inject({ method: "POST", url: "/v1/track", payload: event }));
      for (let i = 0; i < 3; i++) expect((await send()).code).toBe(0);
      expect(await send()).toMatchObject({ statusCode: 429, code: 429 });
      await limited.app.oplogWriter.flush();
      const stored = await limited.database.canon.db.selectFrom("oplog").select(["id"]).execute();
      expect(stored).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
