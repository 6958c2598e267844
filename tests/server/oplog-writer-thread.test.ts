/**
 * The operation log's batches written from a thread of their own, on SQLite and PostgreSQL (as the
 * server runs): every event is written once, the statistics see them after a flush, closing writes what
 * waits, and a batch the thread cannot write is kept and written when it can, none lost and none
 * twice.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { OplogCount } from "../../contract/oplog.ts";
import { testDialects } from "../support/databases.ts";
import { type HandClock, handClock } from "../support/hand-clock.ts";
import { parse } from "./auth-setup.ts";
import { BROWSED_PAGE, type OplogHarness, rolledUpEvents, startOplogApp } from "./oplog-setup.ts";

const EVENT = { ...BROWSED_PAGE, event_id: "READ_REEL", url: "/JS/reel/JS_1_1" } as const;

describe.each(testDialects())("the operation log's batch thread on %s", (dialect) => {
  let h: OplogHarness;
  let timer: HandClock;
  afterEach(() => h.close());

  const start = async (flushAtEvents: number) => {
    timer = handClock(0);
    h = await startOplogApp(
      dialect,
      { timer, flushEveryMs: 1_000, flushAtEvents, bufferLimit: 10_000, writeInThread: true },
      { readers: 0, withCanon: false },
    );
  };
  const track = async (count: number, offset = 0) => {
    for (let i = 0; i < count; i++) {
      const reply = parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/track",
          payload: { ...EVENT, url: `/JS/reel/JS_1_${offset + i + 1}` },
          remoteAddress: `203.0.113.${(offset + i) % 250}`,
        }),
      );
      expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    }
  };
  const storedUrls = async () =>
    (await h.database.canon.db.selectFrom("oplog").select("url").orderBy("id").execute()).map(
      (row) => row.url,
    );
  const rolledUp = () => rolledUpEvents(h.database.canon.db);
  const urls = (count: number) => Array.from({ length: count }, (_, i) => `/JS/reel/JS_1_${i + 1}`);

  it("writes every event once, raw rows and rollups, and the statistics count them", async () => {
    await start(7);
    await track(50);
    await h.app.oplogWriter.flush();
    expect(await storedUrls()).toEqual(urls(50));
    expect(await rolledUp()).toBe(50);
    expect(h.app.oplogWriter.stats()).toMatchObject({ received: 50, written: 50, pending: 0, dropped: 0 });
    const admin = await h.tokenOf(h.admin);
    const day = new Date(h.clock.now + 8 * 3_600_000).toISOString().slice(0, 10);
    const count = parse(
      await h.app.inject({
        method: "GET",
        url: `/v1/admin/oplog/count?start=${day}&end=${day}%2023:59:59`,
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    expect(count.result as OplogCount).toMatchObject({ count: 50, ip: 50 });
  });

  it("keeps a batch the thread could not write and writes it once it can", async () => {
    await start(1_000);
    const db = h.database.canon.db;
    await sql`create table oplog_refuse (yes integer)`.execute(db);
    await sql`insert into oplog_refuse values (1)`.execute(db);
    if (dialect === "sqlite") {
      await sql`create trigger oplog_refusing before insert on oplog
        when exists (select 1 from oplog_refuse) begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function oplog_refusing() returns trigger language plpgsql as $$
        begin if exists (select 1 from oplog_refuse) then raise exception 'refused'; end if;
        return new; end $$`.execute(db);
      await sql`create trigger oplog_refusing before insert on oplog
        for each row execute function oplog_refusing()`.execute(db);
    }
    await track(20);
    await expect(h.app.oplogWriter.flush()).rejects.toThrow(/refused/);
    expect(h.app.oplogWriter.stats()).toMatchObject({ written: 0, pending: 20 });
    expect(await storedUrls()).toEqual([]);

    await sql`delete from oplog_refuse`.execute(db);
    await track(5, 20);
    await h.app.oplogWriter.flush();
    expect(await storedUrls()).toEqual(urls(25));
    expect(await rolledUp()).toBe(25);
  });

  it("writes what waits when the app closes", async () => {
    await start(1_000);
    await track(12);
    expect(await storedUrls()).toEqual([]);
    await h.app.close();
    const rows = await h.database.canon.db.selectFrom("oplog").select("id").execute();
    expect(rows).toHaveLength(12);
  });
});
