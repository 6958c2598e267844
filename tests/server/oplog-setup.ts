/**
 * Shared set-up of the operation-log tests: an app on the starter canon with a settable clock and
 * the writer's settings of the test, readers and an administrator, access tokens signed at the
 * clock's time (events spread over weeks outlive any real token), and a seeded generator of
 * tracking events sent through `POST /v1/track` and full-text searches through the search route.
 */
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { TrackingEvent } from "../../contract/tracking.ts";
import type { Dialect } from "../../server/db/connect.ts";
import type { Database } from "../../server/db/schema.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { signAccessToken } from "../../server/modules/auth/tokens.ts";
import type { OplogWriterSettings } from "../../server/modules/oplog/oplog-writer.ts";
import { seededRandom } from "../../server/seeded-random.ts";
import { canonDatabase, emptyDatabase, type TestDatabase } from "../support/databases.ts";
import {
  type AuthHarness,
  authAppOver,
  parse,
  type Reply,
  registerUser,
  TEST_JWT_SECRET,
} from "./auth-setup.ts";

export type Person = { id: number; username: string; roles: ("reader" | "admin")[] };

export type OplogHarness = AuthHarness & {
  admin: Person;
  readers: Person[];
  /** An access token of `who`, signed at the clock's time. */
  tokenOf(who: Person): Promise<string>;
  /** A GET as `who` (anonymous when null), with the Timezone header when one is given. */
  get(who: Person | null, url: string, query: Record<string, string>, timeZone?: string): Promise<Reply>;
};

const PASSWORD = "abc123";

/** A visitor's tracking event as the web app posts it to `POST /v1/track`: a page of JS browsed. */
export const BROWSED_PAGE = {
  anonymous_uuid: "5b0c3c9e-2f7a-4a35-9d2e-1f8f3d7f8a10",
  tripitaka_uid: "JS",
  timezone: "Asia/Shanghai",
  terminal: "PC",
  event_id: "BROWSE_PAGE",
  url: "/JS",
  extra: {},
} as const;

/** The events counted in the finest-grained rollup. */
export async function rolledUpEvents(db: Kysely<Database>): Promise<number> {
  const rows = await db.selectFrom("oplog_event_rollup").select("n").where("grain", "=", 0).execute();
  return rows.reduce((sum, row) => sum + Number(row.n), 0);
}

export async function startOplogApp(
  dialect: Dialect,
  oplog: OplogWriterSettings,
  options: { readers?: number; database?: TestDatabase; withCanon?: boolean } = {},
): Promise<OplogHarness> {
  const database =
    options.database ??
    (options.withCanon === false ? await emptyDatabase(dialect) : await canonDatabase(dialect));
  const harness = await authAppOver(
    database,
    { now: Date.UTC(2025, 1, 1) },
    { auth: { trackRateLimit: { max: 1_000_000, timeWindowMs: 60_000 } }, oplog },
  );
  const clock = harness.clock;
  const db = database.canon.db;
  const person = async (username: string): Promise<Person> => {
    const row = await db
      .selectFrom("user")
      .select(["id", "roles"])
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    return { id: row.id, username, roles: JSON.parse(row.roles) as Person["roles"] };
  };
  await ensureAdmin(db, { username: "log_admin", password: PASSWORD }, clock.now);
  const readers: Person[] = [];
  for (let i = 0; i < (options.readers ?? 5); i++) {
    const username = `log_reader_${i}`;
    expect(
      (await registerUser(harness, { username, contact: `${username}@example.org`, password: PASSWORD }))
        .code,
    ).toBe(0);
    readers.push(await person(username));
  }
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const tokenOf = async (who: Person) => {
    const user = await db
      .selectFrom("user")
      .select("session_version")
      .where("id", "=", who.id)
      .executeTakeFirstOrThrow();
    return signAccessToken(
      { secret, now: () => clock.now },
      { id: who.id, roles: who.roles, sessionVersion: user.session_version },
    );
  };
  return {
    ...harness,
    admin: await person("log_admin"),
    readers,
    tokenOf,
    async get(who, url, query, timeZone) {
      const headers: Record<string, string> = {};
      if (who) headers.authorization = `Bearer ${await tokenOf(who)}`;
      if (timeZone !== undefined) headers.timezone = timeZone;
      return parse(await harness.app.inject({ method: "GET", url, query, headers }));
    },
  };
}

/** Trackable events and how often readers send them. */
const EVENT_WEIGHTS: [TrackingEvent, number][] = [
  ["BROWSE_PAGE", 40],
  ["READ_REEL", 18],
  ["READ_PAGE", 10],
  ["CATALOG_SEARCH", 6],
  ["FULLTEXT_SEARCH", 5],
  ["CHAR_SEARCH", 2],
  ["PUB_NOTE_SEARCH", 1],
  ["LOGIN", 5],
  ["REGESTER", 2],
  ["LEAVE", 4],
];
export const KEYWORDS = [
  "般若",
  "金剛經",
  "觀自在",
  "如是我聞",
  "菩提",
  "涅槃",
  "心經",
  "阿彌陀",
  "法華",
  "華嚴",
  "禪",
  "緣起",
];
export const ADDRESSES = Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`);
export const VISITOR_IDS = Array.from(
  { length: 40 },
  (_, i) => `5b0c3c9e-2f7a-4a35-9d2e-${String(i).padStart(12, "0")}`,
);

/** Picks from `items` with a skew towards the first ones. */
const skewed = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() ** 2 * items.length)] as T;

function weighted(random: () => number): TrackingEvent {
  const total = EVENT_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let pick = random() * total;
  for (const [event, weight] of EVENT_WEIGHTS) {
    pick -= weight;
    if (pick < 0) return event;
  }
  return "BROWSE_PAGE";
}

/**
 * Sends `count` tracking events at seeded random times from `from` to `to` (about half from
 * visitors not signed in), and `searches` full-text searches through the search route.
 */
export async function sendEvents(
  h: OplogHarness,
  options: { seed: number; from: number; to: number; count: number; searches: number },
): Promise<void> {
  const random = seededRandom(options.seed);
  const times = Array.from({ length: options.count + options.searches }, () =>
    Math.floor(options.from + random() * (options.to - options.from)),
  ).sort((a, b) => a - b);
  const searchAt = new Set<number>();
  while (searchAt.size < options.searches) searchAt.add(Math.floor(random() * times.length));

  for (const [i, at] of times.entries()) {
    h.clock.now = at;
    const reader = random() < 0.45 ? null : skewed(random, h.readers);
    const headers: Record<string, string> = reader
      ? { authorization: `Bearer ${await h.tokenOf(reader)}` }
      : {};
    const remoteAddress = skewed(random, ADDRESSES);
    /** A call of this reader (or visitor) from this address, which must succeed. */
    const post = async (url: string, payload: object): Promise<void> => {
      const reply = parse(await h.app.inject({ method: "POST", url, headers, remoteAddress, payload }));
      expect(reply.code).toBe(0);
    };
    const keyword = skewed(random, KEYWORDS);
    if (searchAt.has(i)) {
      await post("/v1/tripitaka/JS/search", { keyword });
      continue;
    }
    const event_id = weighted(random);
    const extra =
      event_id === "FULLTEXT_SEARCH"
        ? { keyword: random() < 0.1 ? ` ${keyword} ` : keyword }
        : event_id === "READ_REEL"
          ? { reel_uid: `JS_${1 + Math.floor(random() * 9)}_1` }
          : event_id === "LEAVE"
            ? { reel_uid: `JS_${1 + Math.floor(random() * 9)}_1`, duration: Math.floor(random() * 3_600_000) }
            : {};
    await post("/v1/track", {
      anonymous_uuid: reader ? VISITOR_IDS[reader.id % VISITOR_IDS.length] : skewed(random, VISITOR_IDS),
      tripitaka_uid: "JS",
      timezone: "Asia/Shanghai",
      terminal: "PC",
      event_id,
      url: `/JS/${event_id.toLowerCase()}`,
      extra,
    });
  }
}

export type RawRow = {
  id: number;
  user_id: number | null;
  anonymous_uuid: string;
  event_id: string;
  url: string;
  ip: string;
  user_agent: string;
  tripitaka_uid: string | null;
  extra: string;
  created_at: number;
};

/** Every stored event, after writing what the writer holds. */
export async function rawRows(h: OplogHarness): Promise<RawRow[]> {
  await h.app.oplogWriter.flush();
  const rows = await h.database.canon.db
    .selectFrom("oplog")
    .select([
      "id",
      "user_id",
      "anonymous_uuid",
      "event_id",
      "url",
      "ip",
      "user_agent",
      "tripitaka_uid",
      "extra",
      "created_at",
    ])
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: Number(row.created_at) }));
}
