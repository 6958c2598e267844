/**
 * The page-image view limit of GET /v1/page (spec sections 2 and 7): distinct pages a day with
 * their image, for guests (by visitor cookie and by address) and for signed-in readers (by
 * account), each limit separate and none when unset, on SQLite and on PostgreSQL.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Page, pageResult } from "../../contract/canon.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import type { App } from "../../server/app.ts";
import { hashPassword } from "../../server/modules/auth/passwords.ts";
import { insertUser } from "../../server/modules/auth/user-repository.ts";
import type { PageImageLimits } from "../../server/modules/canon/page-image-limit.ts";
import { VISITOR_COOKIE } from "../../server/modules/canon/page-image-limit.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";
import { bearer, login } from "./auth-setup.ts";
import { scannedPagesOfOneBook } from "./scanned-pages.ts";

const SECRET = "page-image-limit-test-secret-0123456789";
const PASSWORD = "reader-pass-1";
const HOUR_MS = 3_600_000;
/** An hour before a UTC midnight. */
const START = Date.UTC(2026, 2, 10, 23);

const GUEST = "198.51.100.7";
const OTHER_GUEST = "198.51.100.8";

type Asker = { cookie?: string; token?: string; address?: string };
type Answer = { page: Page; body: string; visitor: string | undefined };

describe.each(testDialects())("the page-image view limit on %s", (dialect) => {
  let database: TestDatabase;
  const clock = { now: START };
  const apps: App[] = [];
  /** Guests 2 pages a day, readers 3. */
  let limited: App;
  let unlimited: App;
  let guestsOnly: App;
  /** Scanned pages of one book, and a page without a scan. */
  let scans: string[];
  let textOnly: string;
  const tokens: Record<"ann" | "bo", string> = { ann: "", bo: "" };

  async function start(limits: PageImageLimits | undefined): Promise<App> {
    const app = await appOver(database, {
      auth: { jwtSecret: SECRET, now: () => clock.now, rateLimit: { max: 10_000, timeWindowMs: 60_000 } },
      ...(limits && { pageImageLimits: limits }),
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  async function open(app: App, uid: string, asker: Asker = {}): Promise<Answer> {
    const response: LightMyRequestResponse = await app.inject({
      method: "GET",
      url: `/v1/page/${uid}`,
      remoteAddress: asker.address ?? GUEST,
      headers: {
        ...(asker.token && bearer(asker.token)),
        ...(asker.cookie && { cookie: `${VISITOR_COOKIE}=${asker.cookie}` }),
      },
    });
    expect(response.statusCode).toBe(200);
    const visitor = response.cookies.find((c) => c.name === VISITOR_COOKIE)?.value;
    return { page: envelope(pageResult).parse(response.json()).result, body: response.body, visitor };
  }

  const shown = (answer: Answer) => answer.page.allowed && answer.page.img_url !== null;

  const countRows = async () => {
    const db = database.canon.db;
    const views = await db.selectFrom("page_image_view").select(["viewer", "day"]).execute();
    const quotas = await db.selectFrom("page_image_quota").select(["viewer", "day", "views"]).execute();
    return { views, quotas };
  };

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    const db = database.canon.db;
    ({ scans, textOnly } = await scannedPagesOfOneBook(db, 6));

    limited = await start({ guestPerDay: 2, readerPerDay: 3 });
    unlimited = await start(undefined);
    guestsOnly = await start({ guestPerDay: 1, readerPerDay: null });
    for (const name of ["ann", "bo"] as const) {
      await insertUser(db, {
        username: `limit_${name}`,
        nickname: name,
        email: null,
        phone: null,
        passwordHash: await hashPassword(PASSWORD),
        roles: ["reader"],
        now: clock.now,
      });
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.dispose();
  });
  beforeEach(async () => {
    clock.now += 3 * 24 * HOUR_MS;
    await database.canon.db.deleteFrom("page_image_view").execute();
    await database.canon.db.deleteFrom("page_image_quota").execute();
    // Access tokens last minutes, and each test starts days later.
    const harness = { app: limited, database, clock, close: () => Promise.resolve() };
    for (const name of ["ann", "bo"] as const) {
      const reply = await login(harness, { username: `limit_${name}`, password: PASSWORD });
      expect(reply.code).toBe(0);
      tokens[name] = (reply.result as { access_token: string }).access_token;
    }
  });

  it("shows a guest's pages under the limit, and refuses the next without any trace of its image", async () => {
    const [a = "", b = "", c = ""] = scans;
    const first = await open(limited, a);
    expect(shown(first)).toBe(true);
    expect(first.page.image).not.toBeNull();
    const cookie = first.visitor;
    expect(cookie).toMatch(/^[0-9a-f-]{36}$/);
    expect(shown(await open(limited, b, { cookie }))).toBe(true);

    const full = (await open(unlimited, c)).page;
    expect(full.img_url).not.toBeNull();
    const refused = await open(limited, c, { cookie });
    expect(refused.page).toMatchObject({
      uid: c,
      allowed: false,
      image: null,
      img_url: null,
      thumb_url: null,
    });
    expect(refused.body).not.toContain(full.img_url);
    expect(refused.body).not.toContain(full.thumb_url ?? "no thumbnail");
    // The text stays: the limit is on the scan.
    expect(refused.page.columns).toEqual(full.columns);

    // A page seen already today is seen again, and a page without a scan is never counted.
    expect(shown(await open(limited, a, { cookie }))).toBe(true);
    expect((await open(limited, textOnly, { cookie })).page).toMatchObject({ allowed: true, img_url: null });
    expect((await countRows()).quotas.map((q) => Number(q.views))).toEqual([2, 2]);
  });

  it("counts a guest by address as well as by visitor id, so a new visitor id does not start afresh", async () => {
    const [a = "", b = "", c = ""] = scans;
    const { visitor: cookie } = await open(limited, a);
    await open(limited, b, { cookie });

    const fresh = await open(limited, c);
    expect(fresh.visitor).toBeDefined();
    expect(fresh.visitor).not.toBe(cookie);
    expect(fresh.page.allowed).toBe(false);
    // The same visitor from another address is still at the limit; another guest there is not.
    expect((await open(limited, c, { cookie, address: OTHER_GUEST })).page.allowed).toBe(false);
    expect(shown(await open(limited, c, { address: OTHER_GUEST }))).toBe(true);
  });

  it("counts an IPv6 guest by the /64 the address is in", async () => {
    const [a = "", b = "", c = ""] = scans;
    await open(limited, a, { address: "2001:db8:5:6::1" });
    await open(limited, b, { address: "2001:db8:5:6:aaaa::2" });
    expect((await open(limited, c, { address: "2001:0db8:0005:0006:ffff::3" })).page.allowed).toBe(false);
    expect(shown(await open(limited, c, { address: "2001:db8:5:7::1" }))).toBe(true);
  });

  it("gives signed-in readers their own limit, by account, apart from guests at the same address", async () => {
    const [a = "", b = "", c = "", d = ""] = scans;
    const { visitor: cookie } = await open(limited, a);
    await open(limited, b, { cookie });
    expect((await open(limited, c, { cookie })).page.allowed).toBe(false);

    for (const uid of [a, b, c]) expect(shown(await open(limited, uid, { token: tokens.ann }))).toBe(true);
    const refused = await open(limited, d, { token: tokens.ann });
    expect(refused.page).toMatchObject({ allowed: false, img_url: null });
    expect(refused.visitor).toBeUndefined();
    expect(shown(await open(limited, d, { token: tokens.bo }))).toBe(true);
    // Back as a guest, the reader's pages are not the guest's.
    expect((await open(limited, d, { cookie })).page.allowed).toBe(false);
  });

  it("answers an expired access token 401 rather than counting its reader as a guest", async () => {
    const [a = ""] = scans;
    clock.now += 16 * 60_000;
    const response = await limited.inject({
      method: "GET",
      url: `/v1/page/${a}`,
      remoteAddress: GUEST,
      headers: bearer(tokens.ann),
    });
    expect(response.statusCode).toBe(401);
    expect(errorEnvelope.parse(response.json()).code).toBe(401);
    expect(await countRows()).toEqual({ views: [], quotas: [] });
    expect(shown(await open(unlimited, a, { token: tokens.ann }))).toBe(true);
  });

  it("does not limit anyone when no limit is set, nor readers when only guests have one", async () => {
    for (const uid of scans) {
      expect(shown(await open(unlimited, uid))).toBe(true);
      expect(shown(await open(unlimited, uid, { token: tokens.ann }))).toBe(true);
      expect(shown(await open(guestsOnly, uid, { token: tokens.ann }))).toBe(true);
    }
    expect((await open(unlimited, scans[0] ?? "")).visitor).toBeUndefined();
    expect(await countRows()).toEqual({ views: [], quotas: [] });
    expect(shown(await open(guestsOnly, scans[0] ?? ""))).toBe(true);
    expect((await open(guestsOnly, scans[1] ?? "")).page.allowed).toBe(false);
  });

  it("starts each UTC day afresh and deletes the counts of days long past", async () => {
    const [a = "", b = "", c = ""] = scans;
    const midnight = (Math.floor(clock.now / (24 * HOUR_MS)) + 1) * 24 * HOUR_MS;
    clock.now = midnight - 1000;
    const { visitor: cookie } = await open(limited, a);
    await open(limited, b, { cookie });
    expect((await open(limited, c, { cookie })).page.allowed).toBe(false);

    clock.now = midnight;
    expect(shown(await open(limited, c, { cookie }))).toBe(true);
    expect(shown(await open(limited, a, { cookie }))).toBe(true);
    expect((await open(limited, b, { cookie })).page.allowed).toBe(false);
    const today = midnight / (24 * HOUR_MS);
    expect(new Set((await countRows()).views.map((v) => Number(v.day)))).toEqual(new Set([today - 1, today]));

    clock.now = midnight + 3 * 24 * HOUR_MS;
    expect(shown(await open(limited, a, { cookie }))).toBe(true);
    const rows = await countRows();
    expect(new Set([...rows.views, ...rows.quotas].map((r) => Number(r.day)))).toEqual(new Set([today + 3]));
  });

  it("lets no more pages through than the limit when they are asked side by side", async () => {
    const answers = await Promise.all(scans.map((uid) => open(limited, uid, { token: tokens.bo })));
    expect(answers.filter(shown)).toHaveLength(3);
    expect(answers.filter((answer) => !answer.page.allowed)).toHaveLength(scans.length - 3);
    const views = (await countRows()).views.filter((v) => v.viewer.startsWith("user:"));
    expect(views).toHaveLength(3);
  });
});
