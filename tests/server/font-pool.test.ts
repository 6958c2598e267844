/**
 * The dynamic font is subset on worker threads behind a bounded queue: the event loop keeps
 * answering while subsets run, a job past the queue is refused with 503 and Retry-After, a set
 * already built is not built again, the route is rate limited per address, and the pool closes
 * with the app.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorEnvelope } from "../../contract/envelope.ts";
import { type App, buildApp } from "../../server/app.ts";
import { localStorage } from "../../server/storage/local.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

/** A reader's batch: 500 distinct CJK ideographs, a different run of them for each `n`. */
const batch = (n: number): string =>
  Array.from({ length: 500 }, (_, i) => String.fromCodePoint(0x4e00 + n * 500 + i)).join("");

const fontUrl = (tripitaka: string, chars: string) =>
  `/v1/tripitaka/${tripitaka}/char/dynamic_font?font_name=rare-chars&chars=${encodeURIComponent(chars)}`;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(testDialects())("font subsetting off the event loop on %s", (dialect) => {
  let database: TestDatabase;
  let app: App;
  const getFont = (chars: string) => app.inject({ method: "GET", url: fontUrl("TS", chars) });

  /**
   * Milliseconds from when a trivial GET is due (every 20 ms) to its answer, until `work` settles.
   * Counting from the due time rather than from the call counts the time the event loop was too
   * busy to even start the request, as a client on the network would see it.
   */
  async function trivialGetLatencies(work: Promise<unknown>): Promise<number[]> {
    let settled = false;
    void work.finally(() => {
      settled = true;
    });
    const latencies: number[] = [];
    while (!settled) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await app.inject({ method: "GET", url: "/healthz" });
      latencies.push(performance.now() - due);
      expect(response.statusCode).toBe(200);
    }
    return latencies;
  }

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    const storage = localStorage(mkdtempSync(join(inject("workDir"), "font-pool-")));
    app = await buildApp({
      canon: database.canon,
      storage,
      fontFiles: FONT_FILES,
      fonts: { subsetWorkers: 1, subsetQueueLimit: 2, rateLimit: { max: 1000, timeWindowMs: 60_000 } },
      logLevel: "silent",
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("answers a plain GET at once while subsets run, and refuses jobs past the queue with 503", async () => {
    // The first request loads the font files, starts the worker and compiles harfbuzz.
    expect((await getFont(batch(0))).statusCode).toBe(200);
    const started = performance.now();
    const one = await getFont(batch(1));
    const oneSubsetMs = performance.now() - started;
    expect(one.statusCode).toBe(200);

    // One worker and two places in the queue: of six new sets at once, three at most are taken.
    const burst = Promise.all([2, 3, 4, 5, 6, 7].map((n) => getFont(batch(n))));
    const latencies = await trivialGetLatencies(burst);
    const responses = await burst;

    // Run on the main thread, each subset would hold the GET for up to a whole subset.
    expect(Math.max(...latencies)).toBeLessThan(oneSubsetMs / 2);
    expect(median(latencies)).toBeLessThan(oneSubsetMs / 4);
    expect(latencies.length).toBeGreaterThanOrEqual(3);

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (const refused of responses.filter((response) => response.statusCode === 503)) {
      expect(errorEnvelope.parse(refused.json())).toMatchObject({ code: 503, result: null });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
  });

  it("builds a set once: concurrent identical requests share a job, and a repeat takes none", async () => {
    const pool = app.fontSubsetPool;
    const before = pool.started;
    const chars = batch(8);
    const reordered = [...chars].reverse().join(" ");
    const together = await Promise.all([getFont(chars), getFont(reordered), getFont(chars)]);
    for (const response of together) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(together[0]!.rawPayload)).toBe(true);
    }
    expect(pool.started - before).toBe(1);

    const again = await getFont(reordered);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(together[0]!.rawPayload)).toBe(true);
    expect(pool.started - before).toBe(1);
  });

  describe("with a low rate limit", () => {
    let limited: App;

    beforeAll(async () => {
      limited = await buildApp({
        canon: database.canon,
        storage: localStorage(mkdtempSync(join(inject("workDir"), "font-pool-"))),
        fontFiles: FONT_FILES,
        fonts: { subsetWorkers: 1, rateLimit: { max: 3, timeWindowMs: 60_000 } },
        logLevel: "silent",
      });
      await limited.ready();
    });
    afterAll(async () => {
      if (!limited.fontSubsetPool.closed) await limited.close();
    });

    it("refuses a client address past the limit with 429 and Retry-After", async () => {
      // Rate limits are counted in the database, with the requests of the other app on it: this
      // client has sent none yet.
      const get = (tripitaka: string) =>
        limited.inject({ method: "GET", url: fontUrl(tripitaka, "般若"), remoteAddress: "192.0.2.31" });
      expect((await get("TS")).statusCode).toBe(200);
      expect((await get("XX")).statusCode).toBe(404);
      expect((await get("XX")).statusCode).toBe(404);
      const refused = await get("TS");
      expect(refused.statusCode).toBe(429);
      expect(errorEnvelope.parse(refused.json()).code).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    });

    it("stops its subset workers when the app closes", async () => {
      const pool = limited.fontSubsetPool;
      expect(pool.workerCount).toBe(1);
      await limited.close();
      expect(pool.closed).toBe(true);
      expect(pool.workerCount).toBe(0);
      await expect(pool.run({ font: new SharedArrayBuffer(0), text: "般", format: "sfnt" })).rejects.toThrow(
        "closed",
      );
    });
  });
});
