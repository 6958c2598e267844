/**
 * The built web app served beside the API: what the installed app (its service worker, web
 * manifests and shell) needs from the HTTP headers, on a web build laid out as Vite writes it.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../server/app.ts";
import { emptyDatabase, type TestDatabase } from "../support/databases.ts";
import { appServingWebBuild, writeWebBuild } from "../support/web-build.ts";

const files: Record<string, string> = {
  "index.html": "<!doctype html><title>shell</title>",
  "offline.html": "<!doctype html><title>offline</title>",
  "sw.js": "self.addEventListener('fetch', () => {});",
  "manifest.zh-CN.webmanifest": JSON.stringify({ name: "藏经阅读" }),
  "manifest.en.webmanifest": JSON.stringify({ name: "Canon Reader" }),
  "assets/index-abc123.js": "console.log(1);",
  "icons/icon-192.png": "png",
};

describe("the web app's files", () => {
  let database: TestDatabase;
  let app: App;
  let distDir: string;

  beforeAll(async () => {
    distDir = writeWebBuild(files);
    database = await emptyDatabase("sqlite");
    app = await appServingWebBuild(database, distDir);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("asks the browser to revalidate the service worker on every update check", async () => {
    const response = await app.inject({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toBe(files["sw.js"]);
  });

  it("serves each web manifest as application/manifest+json, revalidated", async () => {
    for (const name of ["manifest.zh-CN.webmanifest", "manifest.en.webmanifest"]) {
      const response = await app.inject({ method: "GET", url: `/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.json()).toEqual(JSON.parse(files[name] ?? ""));
    }
  });

  it("serves the shell revalidated, for its own name and for any app path", async () => {
    for (const url of ["/", "/index.html", "/TS", "/scroll/TS0262_1"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(files["index.html"]);
    }
  });

  it("serves the offline page as a file, not the shell", async () => {
    const response = await app.inject({ method: "GET", url: "/offline.html" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toBe(files["offline.html"]);
  });

  it("keeps content-hashed assets immutable and other files revalidated", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await app.inject({ method: "GET", url: "/icons/icon-192.png" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    const missing = await app.inject({ method: "GET", url: "/assets/index-gone.js" });
    expect(missing.statusCode).toBe(404);
  });
});
