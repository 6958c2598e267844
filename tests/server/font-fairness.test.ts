/**
 * Font subsets are fair between client addresses: an address that floods the subset workers with
 * large sets is refused with 503 and Retry-After past its share, while another address's small set
 * is answered in its turn (behind at most the subset already running) or refused at once; a set
 * past the char cap is refused with 400 before any work; a cached set skips the gate.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorEnvelope } from "../../contract/envelope.ts";
import { MAX_FONT_CHARS } from "../../contract/fonts.ts";
import { type App, buildApp } from "../../server/app.ts";
import type { FontSettings } from "../../server/modules/fonts/routes.ts";
import { localStorage } from "../../server/storage/local.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

/** `size` distinct CJK ideographs, a different run of them for each `n`. */
const chars = (n: number, size = MAX_FONT_CHARS): string =>
  Array.from({ length: size }, (_, i) => String.fromCodePoint(0x4e00 + n * MAX_FONT_CHARS + i)).join("");

const fontUrl = (text: string) =>
  `/v1/tripitaka/TS/char/dynamic_font?font_name=rare-chars&chars=${encodeURIComponent(text)}`;

/** TEST-NET addresses: the flooding reader, the other reader, and the one who warms the workers. */
const FLOODER = "192.0.2.10";
const READER = "192.0.2.20";
const WARMER = "192.0.2.30";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition`, checked every 10 ms; gives up (failing the test) after half a minute. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 3000; tries++) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`still waiting for ${what}`);
}

type Response = Awaited<ReturnType<App["inject"]>>;

function expectBusy(response: Response): void {
  expect(response.statusCode).toBe(503);
  expect(errorEnvelope.parse(response.json())).toMatchObject({ code: 503, result: null });
  expect(Number(response.headers["retry-after"])).toBeGreaterThanOrEqual(1);
}

describe.each(testDialects())("fair font subsetting on %s", (dialect) => {
  let database: TestDatabase;
  const apps: App[] = [];
  /** Two subsets in progress per address; others' subsets may hold a new one a second. */
  let fair: App;
  /** The same share, and no limit on the wait, so the turns can be watched. */
  let patient: App;
  let setCounter = 0;
  /** A set no request has asked before, so it is built rather than found in a cache. */
  const freshSet = (size = MAX_FONT_CHARS) => chars(setCounter++, size);

  /** One subset worker, so the order in which jobs finish follows the order they were given it. */
  async function start(fonts: FontSettings = {}): Promise<App> {
    const app = await buildApp({
      canon: database.canon,
      storage: localStorage(mkdtempSync(join(inject("workDir"), "font-fairness-"))),
      fontFiles: FONT_FILES,
      fonts: { subsetWorkers: 1, rateLimit: { max: 10_000, timeWindowMs: 60_000 }, ...fonts },
      logLevel: "silent",
    });
    apps.push(app);
    await app.ready();
    // A worker's first subset also compiles harfbuzz; the second teaches the pool a subset's time.
    expect((await getFont(app, "般若", WARMER)).statusCode).toBe(200);
    expect((await getFont(app, freshSet(300), WARMER)).statusCode).toBe(200);
    return app;
  }

  const getFont = (app: App, text: string, remoteAddress: string) =>
    app.inject({ method: "GET", url: fontUrl(text), remoteAddress });

  /**
   * Sends `count` fresh full sets from the flooder at once, and resolves once each has either been
   * answered or reached the pool. `answered` lists the statuses as they come.
   */
  async function flood(app: App, count: number) {
    const answered: number[] = [];
    const responses = Array.from({ length: count }, () =>
      getFont(app, freshSet(), FLOODER).then((response) => {
        answered.push(response.statusCode);
        return response;
      }),
    );
    const pool = app.fontSubsetPool;
    await until(() => answered.length + pool.running + pool.waiting === count, "the flood to reach the pool");
    const built = () => answered.filter((status) => status === 200).length;
    return { answered, built, all: Promise.all(responses) };
  }

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    fair = await start({ subsetPerClient: 2 });
    patient = await start({ subsetPerClient: 2, subsetMaxWaitMs: 60_000 });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.dispose();
  });

  it("refuses the flooding address with 503, and answers another address's small set in its turn or at once", async () => {
    const app = fair;
    const flooding = await flood(app, 12);

    const builtBefore = flooding.built();
    const small = await getFont(app, freshSet(5), READER);
    const builtDuring = flooding.built() - builtBefore;
    if (small.statusCode === 200) {
      expect(small.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
      // It waited for the subset running when it came (and one started as it came), not the flood.
      expect(builtDuring).toBeLessThanOrEqual(2);
    } else {
      expectBusy(small);
      expect(builtDuring).toBeLessThanOrEqual(1);
    }

    // Its share of two queue behind each other, like a download's batches; the rest are refused.
    const responses = await flooding.all;
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    expect(responses.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    const refused = responses.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(6);
    for (const response of refused) expectBusy(response);
  });

  it("holds an address to its share of subsets in progress, and lets the others go first", async () => {
    const app = patient;
    const cached = freshSet(20);
    expect((await getFont(app, cached, FLOODER)).statusCode).toBe(200);

    const pool = app.fontSubsetPool;
    const flooding = await flood(app, 6);
    // Two of the six are taken, one running and one waiting; the other four are refused.
    expect(flooding.answered.filter((status) => status === 503)).toHaveLength(4);
    expect(pool.running + pool.waiting + flooding.built()).toBe(2);

    // A set built before is answered from the cache without a worker, past the address's share.
    const startedBefore = pool.started;
    const again = await getFont(app, cached, FLOODER);
    expect(again.statusCode).toBe(200);
    expect(pool.started).toBe(startedBefore);

    // The other address's set goes before the flooder's waiting one: it waits for one subset at most.
    const builtBefore = flooding.built();
    const small = await getFont(app, freshSet(5), READER);
    expect(small.statusCode).toBe(200);
    expect(flooding.built() - builtBefore).toBeLessThanOrEqual(1);

    const responses = await flooding.all;
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const response of responses.filter((r) => r.statusCode === 503)) expectBusy(response);
  });

  it("refuses a set past the char cap with 400 before any subsetting, as the API document says", async () => {
    const app = fair;
    const started = app.fontSubsetPool.started;
    const tooMany = await getFont(app, freshSet(MAX_FONT_CHARS + 1), READER);
    expect(tooMany.statusCode).toBe(400);
    expect(errorEnvelope.parse(tooMany.json()).code).toBe(400);
    expect(app.fontSubsetPool.started).toBe(started);

    type Operation = { description?: string; parameters?: { name: string; description?: string }[] };
    const doc = (await app.inject({ method: "GET", url: "/v1/docs/json" })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operation = doc.paths["/v1/tripitaka/{tripitaka_uid}/char/dynamic_font"]?.get;
    const charsParam = operation?.parameters?.find((p) => p.name === "chars");
    expect(charsParam?.description).toContain(`up to ${MAX_FONT_CHARS} distinct`);
    expect(operation?.description).toContain("503 with Retry-After");
  });
});
