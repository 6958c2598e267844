import { mkdtempSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorEnvelope } from "../../contract/envelope.ts";
import { MAX_FONT_CHARS } from "../../contract/fonts.ts";
import { type App, buildApp } from "../../server/app.ts";
import { localStorage } from "../../server/storage/local.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

const fontUrl = (tripitaka: string, chars: string) =>
  `/v1/tripitaka/${tripitaka}/char/dynamic_font?font_name=rare-chars&chars=${encodeURIComponent(chars)}`;

describe.each(testDialects())("the dynamic font route on %s", (dialect) => {
  let database: TestDatabase;
  let storage: ReturnType<typeof localStorage>;
  let app: App;

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    // A private storage, so the font cache of one run is not found by another.
    storage = localStorage(mkdtempSync(join(inject("workDir"), "fonts-")));
    app = await buildApp({ canon: database.canon, storage, fontFiles: FONT_FILES, logLevel: "silent" });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("answers a WOFF2 subset that clients may cache for good", async () => {
    const response = await app.inject({ method: "GET", url: fontUrl("TS", "般若\u{E000}") });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("font/woff2");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("serves a repeated request from the font cache in storage", async () => {
    const before = await cachedFonts(storage.root);
    const first = await app.inject({ method: "GET", url: fontUrl("JS", "波羅蜜") });
    const added = (await cachedFonts(storage.root)).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const cached = await storage.get(`fonts/cache/${added[0]}`);
    expect(cached?.equals(first.rawPayload)).toBe(true);
    const second = await app.inject({ method: "GET", url: fontUrl("JS", "蜜 羅波") });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("answers an unknown tripitaka with the 404 envelope", async () => {
    const response = await app.inject({ method: "GET", url: fontUrl("XX", "般若") });
    expect(response.statusCode).toBe(404);
    expect(errorEnvelope.parse(response.json()).code).toBe(404);
  });

  it("rejects more than the allowed number of distinct chars, and none", async () => {
    const tooMany = Array.from({ length: MAX_FONT_CHARS + 1 }, (_, i) =>
      String.fromCodePoint(0x4e00 + i),
    ).join("");
    for (const chars of [tooMany, "", " "]) {
      const response = await app.inject({ method: "GET", url: fontUrl("TS", chars) });
      expect(response.statusCode).toBe(400);
      expect(errorEnvelope.parse(response.json()).code).toBe(400);
    }
  });

  it("rejects a malformed tripitaka uid and font name", async () => {
    for (const url of [fontUrl("ts", "般"), fontUrl("TS", "般").replace("rare-chars", "bad%20name")]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
    }
  });
});

async function cachedFonts(storageRoot: string): Promise<string[]> {
  try {
    return await readdir(join(storageRoot, "fonts", "cache"));
  } catch {
    return [];
  }
}
