/**
 * Events stored before the rollups existed (migration 0014), on SQLite and PostgreSQL: the
 * migration records how far they go, the server rolls them up once at start, and the figures are
 * then those of the raw rows, old and new events together. Until then pruning leaves them alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type CanonDb, type Dialect, openDatabase } from "../../server/db/connect.ts";
import { migrateToLatest, migrateUpTo } from "../../server/db/migrate.ts";
import { seededRandom } from "../../server/seeded-random.ts";
import { localStorage } from "../../server/storage/local.ts";
import type { TestDatabase } from "../support/databases.ts";
import { testDialects } from "../support/databases.ts";
import { expectedCount, expectedGroups, expectedTrend, type Window } from "./oplog-expected.ts";
import {
  ADDRESSES,
  KEYWORDS,
  type OplogHarness,
  rawRows,
  sendEvents,
  startOplogApp,
  VISITOR_IDS,
} from "./oplog-setup.ts";

const BEFORE_ROLLUPS = "0013_articles";

/** A new database migrated only up to `BEFORE_ROLLUPS`. */
async function databaseBeforeRollups(dialect: Dialect): Promise<TestDatabase> {
  const dir = mkdtempSync(join(inject("workDir"), "oplog-backfill-"));
  const storage = localStorage(join(dir, "storage"));
  let canon: CanonDb;
  let drop = async () => {};
  if (dialect === "sqlite") {
    canon = openDatabase({ kind: "sqlite", file: join(dir, "canon.db") });
  } else {
    const base = inject("pgUrlBase");
    if (!base) throw new Error("PostgreSQL is not running for this test run");
    const name = `oplog_backfill_${process.pid}_${Date.now().toString(36)}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: `${base}postgres` });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`CREATE DATABASE ${name}`);
    canon = openDatabase({ kind: "postgres", url: `${base}${name}` });
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await migrateUpTo(canon.db, dialect, BEFORE_ROLLUPS);
  return {
    canon,
    storage,
    async dispose() {
      await canon.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const OLD_FROM = Date.UTC(2025, 2, 1);
const OLD_TO = Date.UTC(2025, 2, 11);
const WINDOWS: Window[] = [
  {
    label: "old events in Shanghai",
    zone: "Asia/Shanghai",
    start: "2025-03-01",
    end: "2025-03-10 23:59:59",
    from: "2025-02-28T16:00:00Z",
    to: "2025-03-10T16:00:00Z",
  },
  {
    label: "old and new events in UTC",
    zone: "UTC",
    start: "2025-03-05",
    end: "2025-03-20 23:59:59",
    from: "2025-03-05T00:00:00Z",
    to: "2025-03-21T00:00:00Z",
  },
];

describe.each(testDialects())("rolling up the events stored before the rollups on %s", (dialect) => {
  let h: OplogHarness;

  beforeAll(async () => {
    const database = await databaseBeforeRollups(dialect);
    const random = seededRandom(5);
    const rows = Array.from({ length: 1_200 }, () => {
      const search = random() < 0.15;
      const signedIn = random() < 0.5;
      return {
        user_id: signedIn ? 1 + Math.floor(random() * 3) : null,
        anonymous_uuid: VISITOR_IDS[Math.floor(random() * VISITOR_IDS.length)] ?? "",
        tripitaka_uid: "JS",
        event_id: search ? "FULLTEXT_SEARCH" : random() < 0.1 ? "LOGIN" : "READ_REEL",
        url: "/JS",
        ip: random() < 0.05 ? "" : (ADDRESSES[Math.floor(random() * ADDRESSES.length)] ?? ""),
        user_agent: "Reader/1",
        timezone: "Asia/Shanghai",
        terminal: "PC",
        extra: JSON.stringify(
          search ? { keyword: KEYWORDS[Math.floor(random() ** 2 * KEYWORDS.length)] } : {},
        ),
        created_at: Math.floor(OLD_FROM + random() * (OLD_TO - OLD_FROM)),
      };
    });
    for (let i = 0; i < rows.length; i += 200) {
      await database.canon.db
        .insertInto("oplog")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    await migrateToLatest(database.canon.db, dialect);
    h = await startOplogApp(dialect, { retention: { ipDays: 25, keepDays: 30 } }, { readers: 3, database });
  });
  afterAll(() => h.close());

  it("leaves the old events alone until they are rolled up, then rolls each up once", async () => {
    h.clock.now = Date.UTC(2025, 3, 1);
    expect(await h.app.oplogWriter.prune()).toMatchObject({ cleared: 0, deleted: 0 });
    expect((await rawRows(h)).length).toBe(1_200);
    expect(await h.app.oplogWriter.backfill()).toBe(1_200);
    expect(await h.app.oplogWriter.backfill()).toBe(0);
  });

  it("answers for old and new events alike", async () => {
    await sendEvents(h, { seed: 6, from: OLD_TO, to: Date.UTC(2025, 2, 21), count: 300, searches: 0 });
    const rows = await rawRows(h);
    expect(rows.length).toBe(1_500);
    for (const w of WINDOWS) {
      const get = async (url: string, query: Record<string, string> = {}) =>
        (await h.get(h.admin, url, { start: w.start, end: w.end, ...query }, w.zone)).result;
      expect(await get("/v1/admin/oplog/count"), w.label).toEqual(expectedCount(rows, w));
      expect(
        await get("/v1/admin/oplog/trend", {
          time_type: "day",
          indicators: "count,anonymous,login,register,ip",
        }),
        w.label,
      ).toEqual(expectedTrend(rows, w, "day"));
      const names = new Map([h.admin, ...h.readers].map((r) => [r.id, r.username]));
      const byUser = (await get("/v1/admin/oplog/group/list", { page_size: "500" })) as { list: unknown[] };
      expect(byUser.list, w.label).toEqual(expectedGroups(rows, w, "userid", {}, names));
    }
  });
});
