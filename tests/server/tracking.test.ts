import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.ts";
import type { OplogEntry, OplogGroup } from "../../contract/oplog.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { testDialects } from "../support/databases.ts";
import {
  type AuthHarness,
  accessToken,
  bearer,
  login,
  parse,
  registerUser,
  startAuthApp,
} from "./auth-setup.ts";
import { BROWSED_PAGE } from "./oplog-setup.ts";

const event = BROWSED_PAGE;

/** A LEAVE as `navigator.sendBeacon` posts it: the JSON as a text/plain string. */
const leave = {
  ...event,
  event_id: "LEAVE",
  url: "/scroll/JS0001_001",
  extra: { reel_uid: "JS0001_001", duration: 83_000 },
};
const BEACON = { "content-type": "text/plain;charset=UTF-8" };

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

  it("takes a LEAVE beacon sent as text/plain, and lists its stay in the access log and its count by action type", async () => {
    await ensureAdmin(h.database.canon.db, { username: "track_admin", password: "abc123" }, h.clock.now);
    const reply = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/track",
        headers: BEACON,
        payload: JSON.stringify(leave),
      }),
    );
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ user_id: null, event_id: "LEAVE", url: "/scroll/JS0001_001" });
    expect(JSON.parse(row?.extra ?? "")).toEqual({ reel_uid: "JS0001_001", duration: 83_000 });

    const admin = bearer(await accessToken(h, "track_admin", "abc123"));
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const range = { start: day(h.clock.now - 86_400_000), end: day(h.clock.now + 86_400_000) };
    const list = parse(
      await h.app.inject({ method: "GET", url: "/v1/admin/oplog/list", headers: admin, query: range }),
    );
    expect(list.code).toBe(0);
    expect((list.result as Paged<OplogEntry>).list).toEqual([
      expect.objectContaining({ event_id: "LEAVE", ouid: "JS0001_001", duration: 83_000 }),
    ]);
    const groups = parse(
      await h.app.inject({
        method: "GET",
        url: "/v1/admin/oplog/group/list",
        headers: admin,
        query: { ...range, group_type: "event_id" },
      }),
    );
    expect((groups.result as Paged<OplogGroup>).list).toEqual([{ name: "LEAVE", userid: null, count: 1 }]);
  });

  it("records a beacon for the user whose sign-in its refresh cookie holds", async () => {
    await registerUser(h, { username: "leaving", contact: "leaving@example.org", password: "abc123" });
    const { refreshCookie } = await login(h, { username: "leaving", password: "abc123" });
    expect(refreshCookie).toBeTruthy();
    const send = async (cookie: string) =>
      parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/track",
          headers: { ...BEACON, cookie: `refresh_token=${cookie}` },
          payload: JSON.stringify(leave),
        }),
      ).code;
    expect(await send(refreshCookie ?? "")).toBe(0);
    expect(await send("not-a-token.at-all")).toBe(0);
    const stored = await rows();
    expect(stored[0]?.user_id).toBeGreaterThan(0);
    expect(stored[1]?.user_id).toBeNull();
    // Reading the cookie does not use it up: the refresh still works.
    const refreshed = await h.app.inject({
      method: "POST",
      url: "/v1/refresh_token",
      headers: { cookie: `refresh_token=${refreshCookie}` },
    });
    expect(parse(refreshed).code).toBe(0);
  });

  it("refuses a LEAVE without its stay, a beacon that is not JSON, and other body types", async () => {
    for (const extra of [
      { reel_uid: "JS0001_001" },
      { duration: -1 },
      { duration: 1.5 },
      { duration: "83" },
    ]) {
      const reply = parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/track",
          headers: BEACON,
          payload: JSON.stringify({ ...leave, extra }),
        }),
      );
      expect(reply, JSON.stringify(extra)).toMatchObject({ statusCode: 400, code: 400 });
    }
    const notJson = parse(
      await h.app.inject({ method: "POST", url: "/v1/track", headers: BEACON, payload: "leave=83000" }),
    );
    expect(notJson).toMatchObject({ statusCode: 400, code: 400 });
    const xml = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/track",
        headers: { "content-type": "application/xml" },
        payload: "<leave/>",
      }),
    );
    expect(xml).toMatchObject({ statusCode: 415, code: 415 });
    const elsewhere = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/is_show_captcha",
        headers: BEACON,
        payload: JSON.stringify({ username: "a" }),
      }),
    );
    expect(elsewhere).toMatchObject({ statusCode: 415, code: 415 });
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
