/**
 * On a site that limits page-image views, a page scan leaves the server only through a counted
 * view: `/storage/pages/…` serves it at the granted address GET /v1/page or GET /v1/img gave, and
 * not at its bare path; GET /v1/img is counted like GET /v1/page; thumbnails stay free; downloads
 * and packs carry no scans. A site without a limit serves everything as before. Both databases.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageImageResult, pageResult, pageThumbsResult } from "../../contract/canon.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { offlinePlanResult } from "../../contract/offline.ts";
import { packListResult } from "../../contract/packs.ts";
import type { App } from "../../server/app.ts";
import { VISITOR_COOKIE } from "../../server/modules/canon/page-image-limit.ts";
import { insertPackRow } from "../../server/modules/packs/pack-repository.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";
import { scannedPagesOfOneBook } from "./scanned-pages.ts";

const HOUR_MS = 3_600_000;
const GUEST = "198.51.100.9";

describe.each(testDialects())("page scans on a site with a page-image limit, on %s", (dialect) => {
  let database: TestDatabase;
  const clock = { now: Date.UTC(2026, 4, 2, 9) };
  /** Guests 2 pages a day, readers unlimited. */
  let limited: App;
  let unlimited: App;
  let scans: string[];
  let textOnly: string;
  let tripitakaUid: string;

  const start = async (limits?: { guestPerDay: number | null; readerPerDay: number | null }) => {
    const app = await appOver(database, {
      auth: { jwtSecret: "page-scan-grants-test-secret-0123456789", now: () => clock.now },
      ...(limits && { pageImageLimits: limits }),
    });
    await app.ready();
    return app;
  };

  const get = (app: App, url: string, cookie?: string): Promise<LightMyRequestResponse> =>
    app.inject({
      method: "GET",
      url,
      remoteAddress: GUEST,
      ...(cookie && { headers: { cookie: `${VISITOR_COOKIE}=${cookie}` } }),
    });

  const openPage = async (app: App, uid: string, cookie?: string) => {
    const response = await get(app, `/v1/page/${uid}`, cookie);
    expect(response.statusCode).toBe(200);
    return {
      page: envelope(pageResult).parse(response.json()).result,
      visitor: response.cookies.find((c) => c.name === VISITOR_COOKIE)?.value,
    };
  };

  const quotaRows = () => database.canon.db.selectFrom("page_image_quota").selectAll().execute();

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    const found = await scannedPagesOfOneBook(database.canon.db, 4);
    scans = found.scans;
    textOnly = found.textOnly;
    tripitakaUid = found.bookUid.split("_")[0] ?? "";
    limited = await start({ guestPerDay: 2, readerPerDay: null });
    unlimited = await start();
  });
  afterAll(async () => {
    await limited.close();
    await unlimited.close();
    await database.dispose();
  });
  beforeEach(async () => {
    clock.now += 2 * 24 * HOUR_MS;
    await database.canon.db.deleteFrom("page_image_view").execute();
    await database.canon.db.deleteFrom("page_image_quota").execute();
  });

  it("serves a counted page's scan at its granted address only, and thumbnails to anyone", async () => {
    const [a = "", b = ""] = scans;
    const { page, visitor } = await openPage(limited, a);
    const granted = page.img_url ?? "";
    expect(granted).toMatch(/^\/storage\/pages\/.+\?grant=\d+\.[\w-]{22}$/);
    const bare = granted.split("?")[0] ?? "";

    const served = await get(limited, granted);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\//);
    expect(served.rawPayload.length).toBeGreaterThan(1000);

    const refused = await get(limited, bare);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).code).toBe(403);
    const tampered = granted.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await get(limited, tampered)).statusCode).toBe(403);
    const other = (await openPage(limited, b, visitor)).page.img_url ?? "";
    const grantOfOther = other.split("?")[1] ?? "";
    expect((await get(limited, `${bare}?${grantOfOther}`)).statusCode).toBe(403);

    expect(page.thumb_url).toMatch(/^\/storage\/thumbs\/[^?]+$/);
    expect((await get(limited, page.thumb_url ?? "")).statusCode).toBe(200);

    clock.now += 2 * HOUR_MS;
    expect((await get(limited, granted)).statusCode).toBe(403);
  });

  it("keeps the addresses and serving of a site without a limit as they were", async () => {
    const { page } = await openPage(unlimited, scans[0] ?? "");
    expect(page.img_url).toMatch(/^\/storage\/pages\/[^?]+$/);
    expect((await get(unlimited, page.img_url ?? "")).statusCode).toBe(200);
    const image = envelope(pageImageResult).parse(
      (await get(unlimited, `/v1/img/${scans[0]}`)).json(),
    ).result;
    expect(image.url).toBe(page.img_url);
    expect(await quotaRows()).toEqual([]);
  });

  it("counts GET /v1/img as a page view, and refuses it past the limit", async () => {
    const [a = "", b = "", c = ""] = scans;
    const first = await get(limited, `/v1/img/${a}`);
    expect(first.statusCode).toBe(200);
    const image = envelope(pageImageResult).parse(first.json()).result;
    expect((await get(limited, image.url)).statusCode).toBe(200);
    const visitor = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(visitor?.path).toBe("/v1");

    expect((await openPage(limited, b, visitor?.value)).page.allowed).toBe(true);
    const refused = await get(limited, `/v1/img/${c}`, visitor?.value);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("/storage/");
    expect((await openPage(limited, c, visitor?.value)).page.allowed).toBe(false);
    // Seen already today, a page's image is given again.
    expect((await get(limited, `/v1/img/${a}`, visitor?.value)).statusCode).toBe(200);
  });

  it("gives pages' thumbnails without counting them", async () => {
    const response = await get(limited, `/v1/page_thumbs?uids=${[...scans, textOnly, "QL_999_1"].join(",")}`);
    expect(response.statusCode).toBe(200);
    const thumbs = envelope(pageThumbsResult).parse(response.json()).result;
    expect(Object.keys(thumbs).sort()).toEqual([...scans].sort());
    for (const url of Object.values(thumbs)) {
      expect(url).toMatch(/^\/storage\/thumbs\//);
      expect((await get(limited, url ?? "")).statusCode).toBe(200);
    }
    expect(await quotaRows()).toEqual([]);

    for (const uids of [
      "",
      "not-a-page",
      Array.from({ length: 101 }, (_, i) => `TS_8_${i + 1}a`).join(","),
    ]) {
      expect((await get(limited, `/v1/page_thumbs?uids=${uids}`)).statusCode).toBe(400);
    }
  });

  it("plans downloads without scans, and neither lists nor serves packs that carry them", async () => {
    const plan = async (app: App) => {
      const response = await app.inject({
        method: "POST",
        url: `/v1/tripitaka/${tripitakaUid}/offline/plan`,
        remoteAddress: GUEST,
        payload: {
          scope: { kind: "tripitaka" },
          txt_types: ["ori_txt"],
          with_pages: true,
          with_images: true,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return envelope(offlinePlanResult).parse(response.json()).result;
    };
    const open = await plan(unlimited);
    expect(open).toMatchObject({ with_images: true, scans_withheld: false });
    expect(open.files.length).toBeGreaterThan(0);
    const withheld = await plan(limited);
    expect(withheld).toMatchObject({ with_images: false, scans_withheld: true, files: [] });
    expect(withheld.pages).toEqual(open.pages);
    expect(withheld.pages.length).toBeGreaterThan(0);

    const pack = {
      file_key: "packs/scans-test.pack",
      tripitaka_uid: tripitakaUid,
      scope: JSON.stringify({ kind: "tripitaka" }),
      label: "scans test",
      sutra_uids_hash: "0".repeat(64),
      sutra_count: 1,
      txt_types: "ori_txt",
      with_pages: 1,
      canon_version: "test",
      bytes: 10,
      manifest_sha256: "1".repeat(64),
      created_at: clock.now,
    };
    await insertPackRow(database.canon.db, { ...pack, name: "scans-test-with.canonpack", with_images: 1 });
    await insertPackRow(database.canon.db, { ...pack, name: "scans-test-without.canonpack", with_images: 0 });
    try {
      const names = async (app: App) =>
        envelope(packListResult)
          .parse((await get(app, `/v1/packs?tripitaka_uid=${tripitakaUid}`)).json())
          .result.map((p) => p.name)
          .filter((name) => name.startsWith("scans-test"))
          .sort();
      expect(await names(unlimited)).toEqual(["scans-test-with.canonpack", "scans-test-without.canonpack"]);
      expect(await names(limited)).toEqual(["scans-test-without.canonpack"]);
      const refused = await get(limited, "/v1/packs/scans-test-with.canonpack");
      expect(refused.statusCode).toBe(403);
      expect(errorEnvelope.parse(refused.json()).code).toBe(403);
    } finally {
      await database.canon.db.deleteFrom("pack").where("name", "like", "scans-test-%").execute();
    }
  });
});
