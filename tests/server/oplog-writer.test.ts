/**
 * The operation log's batching writer, on SQLite and PostgreSQL, with timers moved by hand:
 * `POST /v1/track` answers before anything is written; a batch goes to the database when the
 * interval passes or enough events wait; past the buffer's limit events are dropped and counted;
 * closing the app writes what waits. Distinct counts above the exact threshold are estimated
 * within three standard errors.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OplogCount } from "../../contract/oplog.ts";
import { testDialects } from "../support/databases.ts";
import { type HandClock, handClock } from "../support/hand-clock.ts";
import { parse } from "./auth-setup.ts";
import { BROWSED_PAGE, type OplogHarness, rolledUpEvents, startOplogApp } from "./oplog-setup.ts";

const STANDARD_ERROR = 1.04 / Math.sqrt(1024);

describe.each(testDialects())("the operation log's writer on %s", (dialect) => {
  let h: OplogHarness;
  let timer: HandClock;
  const start = async (settings: { flushAtEvents: number; bufferLimit: number }) => {
    timer = handClock(0);
    h = await startOplogApp(
      dialect,
      { timer, flushEveryMs: 1_000, ...settings },
      { readers: 0, withCanon: false },
    );
  };
  afterEach(() => h.close());

  const track = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const reply = parse(await h.app.inject({ method: "POST", url: "/v1/track", payload: BROWSED_PAGE }));
      expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    }
  };
  const stored = async () => (await h.database.canon.db.selectFrom("oplog").select("id").execute()).length;
  const rolledUp = () => rolledUpEvents(h.database.canon.db);

  it("answers at once and writes the batch, raw rows and rollups, when the interval passes", async () => {
    await start({ flushAtEvents: 1_000, bufferLimit: 1_000 });
    await track(3);
    expect(await stored()).toBe(0);
    expect(h.app.oplogWriter.stats()).toMatchObject({ received: 3, written: 0, pending: 3 });
    timer.advance(999);
    expect(await stored()).toBe(0);
    timer.advance(1);
    await vi.waitFor(async () => expect(await stored()).toBe(3));
    await vi.waitFor(() => expect(h.app.oplogWriter.stats()).toMatchObject({ written: 3, pending: 0 }));
    expect(await rolledUp()).toBe(3);
  });

  it("writes as soon as enough events wait, without the timer", async () => {
    await start({ flushAtEvents: 5, bufferLimit: 1_000 });
    await track(4);
    expect(await stored()).toBe(0);
    await track(1);
    await vi.waitFor(async () => expect(await stored()).toBe(5));
    expect(await rolledUp()).toBe(5);
  });

  it("drops and counts events past the buffer's limit, and still answers the reader", async () => {
    await start({ flushAtEvents: 100, bufferLimit: 4 });
    await track(6);
    expect(h.app.oplogWriter.stats()).toMatchObject({ received: 6, dropped: 2, pending: 4 });
    await h.app.oplogWriter.flush();
    expect(await stored()).toBe(4);
    await track(1);
    expect(h.app.oplogWriter.stats()).toMatchObject({ received: 7, dropped: 2, pending: 1 });
  });

  it("writes what waits when the app closes", async () => {
    await start({ flushAtEvents: 100, bufferLimit: 100 });
    await track(2);
    await h.app.close();
    expect(await stored()).toBe(2);
    expect(await rolledUp()).toBe(2);
  });

  it("estimates more distinct addresses and visitors than the exact threshold within 3 standard errors", async () => {
    await start({ flushAtEvents: 1_000, bufferLimit: 100_000 });
    const day = Date.UTC(2025, 5, 10);
    for (let i = 0; i < 6_000; i++) {
      const address = i % 3_000;
      h.app.oplogWriter.record({
        ...BROWSED_PAGE,
        anonymous_uuid: `5b0c3c9e-2f7a-4a35-9d2e-${String(i % 2_000).padStart(12, "0")}`,
        user_id: null,
        ip: `10.${address >> 8}.${address & 255}.7`,
        user_agent: "Reader/1",
        created_at: day + Math.floor((i / 6_000) * 86_400_000),
      });
    }
    const count = await h.get(
      h.admin,
      "/v1/admin/oplog/count",
      { start: "2025-06-10", end: "2025-06-10 23:59:59" },
      "UTC",
    );
    const figures = count.result as OplogCount;
    expect(figures.count).toBe(6_000);
    expect(Math.abs(figures.ip - 3_000) / 3_000).toBeLessThan(3 * STANDARD_ERROR);
    expect(Math.abs(figures.anonymous - 2_000) / 2_000).toBeLessThan(3 * STANDARD_ERROR);
  });

  it("packs the per-user counts of closed buckets and still counts events arriving late in them", async () => {
    await start({ flushAtEvents: 1_000, bufferLimit: 100_000 });
    const readers = [h.admin.id, 0, h.admin.id + 1_000];
    const day = Date.UTC(2025, 6, 1);
    const record = (i: number, at: number) =>
      h.app.oplogWriter.record({
        ...BROWSED_PAGE,
        user_id: readers[i % 3] || null,
        ip: "203.0.113.5",
        user_agent: "Reader/1",
        created_at: at,
      });
    for (let i = 0; i < 90; i++) record(i, day + i * 1_200_000);
    const byUser = async () =>
      (
        await h.get(
          h.admin,
          "/v1/admin/oplog/group/list",
          { start: "2025-07-01", end: "2025-07-02 23:59:59" },
          "UTC",
        )
      ).result;
    const before = await byUser();
    expect(before).toMatchObject({ total: 3, list: [{ count: 30 }, { count: 30 }, { count: 30 }] });

    h.clock.now = day + 2 * 86_400_000;
    const upkeep = await h.app.oplogWriter.prune();
    expect(upkeep.packed).toBeGreaterThan(30);
    const open = await h.database.canon.db.selectFrom("oplog_user_rollup").select("bucket").execute();
    const packed = await h.database.canon.db.selectFrom("oplog_user_packed").select("bucket").execute();
    expect(open.length).toBeLessThan(packed.length);
    expect(await byUser()).toEqual(before);

    record(0, day + 3_600_000);
    const after = (await byUser()) as { total: number; list: { userid: number | null; count: number }[] };
    expect(after.list[0]).toMatchObject({ userid: h.admin.id, count: 31 });
    expect((await h.app.oplogWriter.prune()).packed).toBeGreaterThan(0);
    expect(await byUser()).toEqual(after);
  });
});
