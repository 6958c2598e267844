/**
 * The app's page as the server sends it for an address (server/plugins/web-page.ts): the chunks of
 * the first screen preloaded from Vite's manifest, the reel put in the page in the reader's text
 * form, and the page compressed for a browser that accepts Brotli; the build's copies of its files
 * sent compressed too.
 */
import { readFileSync, rmSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_ANSWER_ID, EARLY_TRIPITAKAS_ID } from "../../contract/app-screens.ts";
import { catalogueTexts, FIRST_SCREEN_TEXTS_FILE, HOME_TEXT_IDS } from "../../contract/first-screen-texts.ts";
import type { App } from "../../server/app.ts";
import { canonDatabase, type TestDatabase } from "../support/databases.ts";
import { appServingWebBuild, writeWebBuild } from "../support/web-build.ts";

const shell =
  '<!doctype html><html lang="zh-CN"><head><title data-app-title>藏经阅读</title><meta name="description" content="按卷或按页阅读、检索与研究汉文大藏经"><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="preload" as="style" href="/assets/griffel-g.css" data-build-styles>\n<link rel="preload" as="style" href="/assets/griffel-h.css" data-build-styles></head><body><div id="root"><span data-app-title>藏经阅读</span><!--first-screen--></div></body></html>';
const manifest = {
  "index.html": { file: "assets/index-a.js", isEntry: true, dynamicImports: ["src/app/start.tsx"] },
  "src/app/start.tsx": { file: "assets/start-b.js", imports: ["_shared-c.js"] },
  "_shared-c.js": { file: "assets/shared-c.js" },
  "src/app/routes/ReelScreen.tsx": {
    file: "assets/ReelScreen-d.js",
    imports: ["_shared-c.js", "_reel-e.js"],
  },
  "_reel-e.js": { file: "assets/reel-e.js" },
  "src/app/routes/TripitakaScreen.tsx": { file: "assets/TripitakaScreen-f.js", imports: ["_shared-c.js"] },
  "locales/zh-CN/messages.po": { file: "assets/messages-zh.js" },
  "locales/en/messages.po": { file: "assets/messages-en.js" },
};
const script = "console.log('a script of more than a kilobyte');".repeat(40);

const TRIPITAKAS_IN_PAGE = new RegExp(
  `<script type="application/json" id="${EARLY_TRIPITAKAS_ID}" data-path="tripitaka/all">(.*?)</script>`,
  "s",
);
/** The page without the tripitaka list every page carries. */
const withoutTripitakas = (html: string): string => html.replace(TRIPITAKAS_IN_PAGE, "");

const preloaded = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1] ?? "");

describe("the app's page", () => {
  let database: TestDatabase;
  let app: App;
  let distDir: string;
  let reelUid: string;

  beforeAll(async () => {
    distDir = writeWebBuild({
      "index.html": shell,
      ".vite/manifest.json": JSON.stringify(manifest),
      "assets/start-b.js": script,
      "assets/start-b.js.br": brotliCompressSync(script),
      [FIRST_SCREEN_TEXTS_FILE]: JSON.stringify({
        en: catalogueTexts(readFileSync("locales/en/messages.po", "utf8"), HOME_TEXT_IDS),
        "zh-CN": catalogueTexts(readFileSync("locales/zh-CN/messages.po", "utf8"), HOME_TEXT_IDS),
      }),
    });
    database = await canonDatabase("sqlite");
    app = await appServingWebBuild(database, distDir);
    const row = await database.canon.db
      .selectFrom("reel")
      .select("uid")
      .orderBy("uid")
      .executeTakeFirstOrThrow();
    reelUid = row.uid;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("preloads the app, the screen and the reader's catalogue, and nothing the page already loads", async () => {
    const home = await app.inject({
      method: "GET",
      url: "/TS",
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    expect(preloaded(home.body)).toEqual([
      "assets/start-b.js",
      "assets/shared-c.js",
      "assets/TripitakaScreen-f.js",
      "assets/messages-en.js",
    ]);
    const reel = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "lang=zh-CN" },
    });
    expect(preloaded(reel.body)).toEqual([
      "assets/start-b.js",
      "assets/shared-c.js",
      "assets/ReelScreen-d.js",
      "assets/reel-e.js",
      "assets/messages-zh.js",
    ]);
    const other = await app.inject({ method: "GET", url: "/login", headers: { cookie: "lang=zh-CN" } });
    expect(withoutTripitakas(other.body)).toBe(shell);
  });

  it("holds a drawn page's later files back until its drawing is painted, unless the browser holds them", async () => {
    const drawn = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "lang=zh-CN; reading_txt=sim_txt" },
    });
    expect(drawn.body).toContain("boot-reel");
    const held = /<template data-after-paint>(.*?)<\/template>/s.exec(drawn.body)?.[1] ?? "";
    expect(preloaded(held)).toEqual([
      "assets/start-b.js",
      "assets/shared-c.js",
      "assets/ReelScreen-d.js",
      "assets/reel-e.js",
      "assets/messages-zh.js",
    ]);
    expect(held).toContain(
      '<link rel="preload" as="style" href="/assets/griffel-g.css" data-build-styles><link rel="preload" as="style" href="/assets/griffel-h.css" data-build-styles>',
    );
    const outside = drawn.body.replace(held, "");
    expect(preloaded(outside)).toEqual([]);
    expect(outside).not.toContain("griffel-");
    expect(outside).toContain('<script type="module" crossorigin src="/assets/index-a.js">');

    const own = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "lang=zh-CN; reading_txt=sim_txt:own" },
    });
    expect(own.body).not.toContain("boot-reel");
    expect(own.body).not.toContain("<template");
    expect(own.body).toContain(
      '<link rel="preload" as="style" href="/assets/griffel-g.css" data-build-styles>',
    );
    expect(preloaded(own.body)).toHaveLength(5);

    // A browser that has loaded this build's files takes them from its cache at once.
    const cached = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "lang=zh-CN; reading_txt=sim_txt; app_files=index-a" },
    });
    expect(cached.body).toContain("boot-reel");
    expect(cached.body).not.toContain("<template");
    expect(preloaded(cached.body)).toHaveLength(5);
    const older = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "lang=zh-CN; reading_txt=sim_txt; app_files=index-z" },
    });
    expect(older.body).toContain("<template data-after-paint>");
  });

  it("is in the reader's language before any script runs", async () => {
    const english = await app.inject({ method: "GET", url: "/login", headers: { "accept-language": "en" } });
    expect(withoutTripitakas(english.body)).toBe(
      shell
        .replace('lang="zh-CN"', 'lang="en"')
        .replaceAll("data-app-title>藏经阅读", "data-app-title>Canon Reader")
        .replace(
          "按卷或按页阅读、检索与研究汉文大藏经",
          "Read the Chinese Buddhist canons by reel or by page, search them and study them",
        ),
    );
    const traditional = await app.inject({ method: "GET", url: "/TS", headers: { cookie: "lang=zh-TW" } });
    expect(traditional.body).toContain('<html lang="zh-TW">');
    const described = await app.inject({ method: "GET", url: "/login", headers: { cookie: "lang=en" } });
    expect(described.body).toContain(
      '<meta name="description" content="Read the Chinese Buddhist canons by reel or by page, search them and study them">',
    );
    expect(traditional.body).toContain("<title data-app-title>藏經閱讀</title>");
  });

  it("carries the tripitaka list in every page, as its route answers it", async () => {
    const answer = await app.inject({ method: "GET", url: "/v1/tripitaka/all" });
    for (const url of ["/login", "/TS", `/scroll/${reelUid}`, "/help"]) {
      const page = await app.inject({ method: "GET", url });
      const match = TRIPITAKAS_IN_PAGE.exec(page.body);
      expect(JSON.parse(match?.[1] ?? "null"), url).toEqual(answer.json());
      expect(page.body.indexOf(match?.[0] ?? "-")).toBeLessThan(page.body.lastIndexOf("</body>"));
    }
  });

  it("puts the reel in the page in the text form of the reader's cookie, as the reel route answers it", async () => {
    for (const txtType of ["std_txt", "sim_txt"]) {
      const page = await app.inject({
        method: "GET",
        url: `/scroll/${reelUid}`,
        headers: { cookie: `reading_txt=${txtType}` },
      });
      const match = new RegExp(
        `<script type="application/json" id="${EARLY_ANSWER_ID}" data-path="([^"]+)">(.*?)</script>`,
        "s",
      ).exec(page.body);
      expect(match?.[1]).toBe(`reel/${reelUid}?txt_type=${txtType}`);
      const answer = await app.inject({ method: "GET", url: `/v1/reel/${reelUid}?txt_type=${txtType}` });
      expect(JSON.parse(match?.[2] ?? "null")).toEqual(answer.json());
      expect(match?.[2]).not.toContain("<");
    }
    const unknown = await app.inject({ method: "GET", url: "/scroll/TS9999_1" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain(EARLY_ANSWER_ID);
  });

  it("draws the reel's first lines where the app will show them, unless the reader's text looks otherwise", async () => {
    const answer = await app.inject({ method: "GET", url: `/v1/reel/${reelUid}?txt_type=sim_txt` });
    const lines = (answer.json() as { result: { pages: { lines: { text: string }[] }[] } }).result.pages
      .flatMap((page) => page.lines)
      .map((line) => line.text)
      .filter((text) => text !== "");
    const escapeHtml = (text: string) =>
      text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const page = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "reading_txt=sim_txt" },
    });
    const drawn = lines
      .slice(0, 40)
      .map((text) => `<div>${escapeHtml(text)}</div>`)
      .join("");
    expect(page.body).toContain(`<div class="boot-reel" lang="zh-Hant">${drawn}</div>`);
    expect(page.body).not.toContain("<!--first-screen-->");
    const own = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { cookie: "reading_txt=sim_txt:own" },
    });
    expect(own.body).not.toContain("boot-reel");
    expect(own.body).toContain(`data-path="reel/${reelUid}?txt_type=sim_txt"`);
  });

  it("draws the head of a tripitaka's home in the reader's language, from the build's texts", async () => {
    const tripitaka = await database.canon.db
      .selectFrom("tripitaka")
      .select(["name_trad", "name_sim"])
      .where("uid", "=", "TS")
      .executeTakeFirstOrThrow();
    const { count } = await database.canon.db
      .selectFrom("sutra")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("tripitaka_uid", "=", "TS")
      .executeTakeFirstOrThrow();
    const english = await app.inject({ method: "GET", url: "/TS", headers: { cookie: "lang=en" } });
    expect(english.body).toContain(
      `<div class="boot-home"><h1>${tripitaka.name_trad}: a digital reader</h1>`,
    );
    expect(english.body).toContain(`(TS) holds ${Number(count)} sutras here.`);
    expect(english.body).toContain('action="/TS/search"');
    expect(english.body).not.toContain("<!--first-screen-->");
    const simplified = await app.inject({ method: "GET", url: "/TS", headers: { cookie: "lang=zh-CN" } });
    expect(simplified.body).toContain(`<h1>${tripitaka.name_sim}数字阅读</h1>`);
    // A language whose texts the build did not write, and an edition the canon does not hold: no drawing.
    const traditional = await app.inject({ method: "GET", url: "/TS", headers: { cookie: "lang=zh-TW" } });
    expect(traditional.body).not.toContain("boot-home");
    const unknown = await app.inject({ method: "GET", url: "/ZZ", headers: { cookie: "lang=en" } });
    expect(unknown.body).not.toContain("boot-home");
  });

  it("sends a large page and the build's compressed copies to a browser that accepts Brotli", async () => {
    const page = await app.inject({
      method: "GET",
      url: `/scroll/${reelUid}`,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(EARLY_ANSWER_ID);
    const asset = await app.inject({
      method: "GET",
      url: "/assets/start-b.js",
      headers: { "accept-encoding": "br" },
    });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: "GET", url: "/assets/start-b.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
