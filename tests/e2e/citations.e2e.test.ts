/**
 * Citations in the browser: a CBETA reference pasted into a search box opens the reel at its
 * lines, marked; `/cite/…` says why a reference cannot be opened, and offers the pages a
 * reference without its register may mean.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./support/suite.ts";

let page: Page;

pagePerTest({ readingGuideDone: true }, (opened) => {
  ({ page } = opened);
});

const cited = () => page.locator("[data-reel-uid] [data-cited]");

describe("citations", () => {
  it("opens a CBETA citation typed into the home search box at its lines, marked", async () => {
    await page.goto("/TS");
    const box = page.locator('[data-home-search] input[name="keyword"]');
    await box.fill("CBETA, T08, no. 251, p. 848c7-9");
    await box.press("Enter");
    await page.waitForURL("**/scroll/TS0251_1?**");
    await expect.poll(() => cited().count()).toBe(3);
    expect(await cited().evaluateAll((lines) => lines.map((line) => line.getAttribute("data-cid")))).toEqual([
      "TS_8_848c.7",
      "TS_8_848c.8",
      "TS_8_848c.9",
    ]);
  });

  it("opens a line head in the address bar, and says why it cannot open others", async () => {
    await page.goto("/cite/J39nB470_p0934b12");
    await page.waitForURL("**/scroll/JSB470_*");
    await expect.poll(() => cited().count()).toBe(1);
    expect(await cited().getAttribute("data-cid")).toBe("JS_39_934b.12");

    await page.goto(`/cite/${encodeURIComponent("般若心經")}`);
    await page.locator('[data-cite-outcome="refused"]').waitFor();
    expect(await page.locator("[data-cite-page]").textContent()).toContain("无法识别这条引文");

    await page.goto("/cite/B22n0118_p0766a10");
    await page.locator('[data-cite-outcome="refused"]').waitFor();
    expect(await page.locator("[data-cite-page]").textContent()).toContain("B");

    await page.goto("/cite/T08n0251_p0999a01");
    await page.locator('[data-cite-outcome="missing"]').waitFor();
  });

  it("offers the three registers of a page cited without one", async () => {
    await page.goto(`/cite/${encodeURIComponent("大正藏第8冊第848頁")}`);
    await page.locator('[data-cite-outcome="refused"]').waitFor();
    expect(await page.locator("[data-cite-candidate]").count()).toBe(3);
    await page.locator('[data-cite-candidate="TS_8_848c"]').click();
    await page.waitForURL("**/scroll/TS0251_1?**");
    await expect.poll(() => cited().count()).toBeGreaterThan(1);
  });
});
