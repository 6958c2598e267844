import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { storedFor } from "./pages/offline-sync.ts";
import { holdAppStart } from "./support/held-start.ts";
import { registerByApi, signInContext } from "./support/session.ts";
import { pagePerTest } from "./support/suite.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const user = { username: "e2e_shell", contact: "shell@e2e.test", password: "shell-pass1" };

/** Every message id of the catalogues: none may show on a screen untranslated. */
const messageIds = [...readFileSync("locales/zh-CN/messages.po", "utf8").matchAll(/^msgid "([^"]+)"$/gm)]
  .map((m) => m[1] ?? "")
  .filter((id) => id.includes("."));

pagePerTest({}, (opened) => {
  ({ browser, context, page } = opened);
});

beforeAll(async () => {
  await registerByApi(user);
});

async function shownIds(p: Page): Promise<string[]> {
  const text = await p.locator("body").innerText();
  return messageIds.filter((id) => text.includes(id));
}

const screens = [
  "/JS",
  "/login",
  "/register",
  "/forget-password",
  "/terms",
  "/privacy",
  "/404",
  "/401",
  "/message?tab=profile",
];

describe("languages", () => {
  it("switches to English from the header, keeps it in the lang cookie, and shows no untranslated text", async () => {
    await signInContext(context, user.username, user.password);
    await page.goto("/JS");
    await page.getByRole("button", { name: "语言" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await page.getByRole("heading", { name: /a digital reader/ }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "lang");
    expect(cookie?.value).toBe("en");
    // The app asks for 1095 days (tests/unit/i18n); Chromium keeps a cookie at most 400 days.
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(399);
    for (const path of screens) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe("en");
      expect(await shownIds(page), path).toEqual([]);
    }
  });

  it("opens the language menu from the keyboard on its first activation and gives focus back on Escape", async () => {
    await page.goto("/JS");
    const button = page.getByRole("button", { name: "语言" });
    await button.focus();
    await page.keyboard.press("Enter");
    const current = page.getByRole("menuitemradio", { name: "简体中文" });
    await current.waitFor();
    expect(await current.getAttribute("aria-checked")).toBe("true");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("menuitemradio");
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("简体中文 (语言)");
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menuitemradio", { name: "English" }).waitFor();
  });

  for (const locale of ["zh-CN", "zh-TW"] as const) {
    it(`shows every screen in ${locale} with no untranslated text`, async () => {
      await context.addCookies([{ name: "lang", value: locale, url: inject("e2eBaseUrl") }]);
      await signInContext(context, user.username, user.password);
      for (const path of screens) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await shownIds(page), path).toEqual([]);
      }
      await page.goto("/terms");
      await page.getByRole("heading", { name: locale === "zh-TW" ? "使用者協議" : "用户协议" }).waitFor();
    });
  }
});

describe("notices", () => {
  it("shows the first notice of a visit as a toast, loading the toaster only then", async () => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => path.includes("NoticeHost"))).toEqual([]);
    await new AccountPages(page).passwordLogin(user.username, "not-the-password1");
    await page.getByRole("listitem").filter({ hasText: "用户名或密码错误" }).waitFor();
    expect(scripts.filter((path) => path.includes("NoticeHost"))).toHaveLength(1);
  });
});

describe("home", () => {
  it("opens a commonly used scripture's first reel", async () => {
    await page.goto("/JS");
    const card = page.locator("[data-common-sutra]").first();
    await card.waitFor();
    await card.click();
    await page.waitForURL("**/scroll/**");
  });

  it("asks a guest to sign in from a special topic", async () => {
    await page.goto("/JS");
    await page.locator('[data-topic="colophon"]').click();
    await page.getByRole("dialog").getByRole("button", { name: "立即登录" }).click();
    await page.waitForURL("**/login?needRedirect=1");
    const stored = await page.evaluate(() => window.sessionStorage.getItem("canon-reader.redirect"));
    expect(stored).toBe("/JS");
  });

  it("sends a reader who is not a researcher from a special topic to the application", async () => {
    await signInContext(context, user.username, user.password);
    await page.goto("/JS");
    await page.locator('[data-topic="char-image"]').click();
    await page.waitForURL("**/apply?**");
  });

  it("searches from the home search box", async () => {
    await page.goto("/JS");
    await page.locator('[data-home-search] input[name="keyword"]').fill("  般若  ");
    await page.getByRole("button", { name: "检索", exact: true }).click();
    await page.waitForURL("**/JS/search?**");
    expect(new URL(page.url()).searchParams.get("keyword")).toBe("般若");
  });

  it("searches from the box the server draws, before any script and with none", async () => {
    const noScript = await browser.newContext({ baseURL: inject("e2eBaseUrl"), javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto("/JS");
    await bare.locator(".boot-search input[name=keyword]").fill("般若");
    await bare.locator(".boot-search button").click();
    await bare.waitForURL("**/JS/search?**");
    expect(new URL(bare.url()).searchParams.get("keyword")).toBe("般若");
    await noScript.close();
  });

  it("keeps what was typed into the drawn box while the app was loading, and its focus", async () => {
    const release = await holdAppStart(page);
    await page.goto("/JS", { waitUntil: "domcontentloaded" });
    await page.locator(".boot-search input[name=keyword]").fill("般若");
    release();
    const box = page.locator('[data-home-search] input[name="keyword"]');
    await box.waitFor();
    expect(await box.inputValue()).toBe("般若");
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it("fits a tablet held upright: no sideways scroll, and every column of the sutra list readable", async () => {
    await page.setViewportSize({ width: 810, height: 1080 });
    await page.goto("/TS");
    const table = page.locator("table").first();
    await table.locator("tbody tr").first().waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      columns: [...document.querySelectorAll("table thead th")].map((th) => th.getBoundingClientRect().width),
    }));
    expect(widths.page).toBe(0);
    expect(Math.min(...widths.columns)).toBeGreaterThanOrEqual(40);
  });

  it("keeps a signed-in reader's header controls together at the right on a tablet, in English", async () => {
    await signInContext(context, user.username, user.password);
    await context.addCookies([{ name: "lang", value: "en", url: inject("e2eBaseUrl") }]);
    await page.setViewportSize({ width: 810, height: 1080 });
    await page.goto("/scroll/TS0251_1");
    await page.getByRole("switch", { name: "Night reading" }).waitFor();
    // The signed-in menu's code arrives after the switch's.
    await page.locator("[data-user-menu]").waitFor();
    const header = await page.evaluate(() => {
      const bar = document.querySelector("header") as HTMLElement;
      const controls = [...(bar.lastElementChild as HTMLElement).children].map((c) =>
        c.getBoundingClientRect(),
      );
      const padding = Number.parseFloat(getComputedStyle(bar).paddingRight);
      return {
        count: controls.length,
        rows: new Set(controls.map((box) => Math.round(box.top + box.height / 2))).size,
        gapAtRight:
          bar.getBoundingClientRect().right - padding - Math.max(...controls.map((box) => box.right)),
      };
    });
    expect(header.count).toBeGreaterThanOrEqual(4);
    expect(header.rows).toBe(1);
    expect(header.gapAtRight).toBeLessThan(2);
  });

  it("keeps the header's buttons where they first appeared while a signed-in reader's parts arrive", async () => {
    await signInContext(context, user.username, user.password);
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { catalogueAt: number[] }).catalogueAt = seen;
      new MutationObserver(() => {
        const button = document.querySelector("[data-catalogue-button]");
        const left = button ? Math.round(button.getBoundingClientRect().left) : null;
        if (left !== null && seen.at(-1) !== left) seen.push(left);
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ["/JS", "/scroll/TS0251_1"]) {
      await page.goto(path);
      await page.locator("[data-user-menu]").waitFor();
      if (path.startsWith("/scroll/")) await page.getByRole("switch").waitFor();
      const positions = await page.evaluate(
        () => (window as unknown as { catalogueAt: number[] }).catalogueAt,
      );
      expect(positions, path).toHaveLength(1);
    }
  });
});

describe("tracking", () => {
  it("records a BROWSE_PAGE event for each page visited, and LOGIN for a sign-in", async () => {
    await page.goto("/JS");
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL("**/login");
    await page.locator('input[name="username"]').fill(user.username);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('input[name="agreement"]').check();
    await page.locator("form button[type=submit]").click();
    await page.waitForURL("**/JS");
    await page.waitForLoadState("networkidle");
    const anonymous = await page.evaluate(() => localStorage.getItem("canon-reader.anonymous-id"));
    const stored = () => {
      const db = new Database(inject("e2eSqliteFile"), { readonly: true });
      try {
        return db
          .prepare<
            [string],
            { event_id: string; url: string; user_id: number | null; tripitaka_uid: string }
          >("SELECT event_id, url, user_id, tripitaka_uid FROM oplog WHERE anonymous_uuid = ? ORDER BY id")
          .all(anonymous ?? "");
      } finally {
        db.close();
      }
    };
    // The server writes tracking events in batches, about a second after they arrive. LOGIN and
    // the page shown after it are sent at the same moment, so they may arrive either way round.
    await expect.poll(() => stored().length).toBe(4);
    const rows = stored();
    const events = rows.map((r) => [r.event_id, r.url]);
    expect(events.slice(0, 2)).toEqual([
      ["BROWSE_PAGE", "/JS"],
      ["BROWSE_PAGE", "/login"],
    ]);
    expect(events.slice(2)).toEqual(
      expect.arrayContaining([
        ["LOGIN", "/login"],
        ["BROWSE_PAGE", "/JS"],
      ]),
    );
    expect(rows.slice(2).find((r) => r.event_id === "BROWSE_PAGE")?.user_id).toBeGreaterThan(0);
    expect(rows.every((r) => r.tripitaka_uid === "JS")).toBe(true);
  });

  it("records LEAVE with the time stayed when the reader leaves a reel, once for a tab hidden then closed", async () => {
    await new AccountPages(page).passwordLogin(user.username, user.password);
    await page.waitForURL("**/JS");
    await page.locator("[data-common-sutra]").first().click();
    await page.waitForURL("**/scroll/**");
    const reelUid = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.locator("[data-page]").first().waitFor();
    await page.waitForTimeout(1_500);
    await page.goBack();
    await page.waitForURL("**/JS");
    const anonymous = await page.evaluate(() => localStorage.getItem("canon-reader.anonymous-id"));
    const leaves = () => {
      const db = new Database(inject("e2eSqliteFile"), { readonly: true });
      try {
        return db
          .prepare<[string], { url: string; user_id: number | null; extra: string }>(
            "SELECT url, user_id, extra FROM oplog WHERE anonymous_uuid = ? AND event_id = 'LEAVE' ORDER BY id",
          )
          .all(anonymous ?? "")
          .map((row) => ({
            ...row,
            extra: JSON.parse(row.extra) as { reel_uid?: string; duration?: number },
          }));
      } finally {
        db.close();
      }
    };
    await expect.poll(() => leaves().length).toBe(1);
    const [left] = leaves();
    expect(left?.url).toBe(`/scroll/${reelUid}`);
    expect(left?.user_id).toBeGreaterThan(0);
    expect(left?.extra.reel_uid).toBe(reelUid);
    expect(left?.extra.duration).toBeGreaterThanOrEqual(1_500);
    expect(left?.extra.duration).toBeLessThan(60_000);

    await page.goForward();
    await page.locator("[data-page]").first().waitFor();
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => leaves().length).toBe(2);
    // The writer's next batches would hold a second LEAVE for the stay, had closing sent one.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(leaves().map((row) => row.extra.reel_uid)).toEqual([reelUid, reelUid]);
  });
});

describe("night reading", () => {
  async function firstReel(): Promise<string> {
    const response = await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/JS/sutra/list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const body = (await response.json()) as { result: { list: { reel_uids: [string, string][] }[] } };
    return body.result.list[0]?.reel_uids[0]?.[0] ?? "";
  }

  const background = (p: Page) =>
    p.evaluate(
      () => getComputedStyle(document.querySelector(".fui-FluentProvider") as Element).backgroundColor,
    );

  it("darkens the reel reader for a signed-in reader who turned it on, and only there", async () => {
    await context.addInitScript(() => localStorage.setItem("canon-reader.nightReading", "1"));
    await signInContext(context, user.username, user.password);
    const reel = await firstReel();
    await page.goto(`/scroll/${reel}`);
    await page.waitForLoadState("networkidle");
    expect(await background(page)).not.toBe("rgb(255, 255, 255)");
    await page.goto("/JS");
    await page.waitForLoadState("networkidle");
    expect(await background(page)).toBe("rgb(255, 255, 255)");
  });

  it("keeps the reel reader light for a guest, who has no night-reading switch", async () => {
    await context.addInitScript(() => localStorage.setItem("canon-reader.nightReading", "1"));
    await page.goto(`/scroll/${await firstReel()}`);
    await page.waitForLoadState("networkidle");
    expect(await background(page)).toBe("rgb(255, 255, 255)");
    expect(await page.getByRole("switch", { name: "夜间阅读" }).count()).toBe(0);
  });

  it("turns night reading on and off from the header switch of a reading screen", async () => {
    await signInContext(context, user.username, user.password);
    await page.goto(`/scroll/${await firstReel()}`);
    const toggle = page.getByRole("switch", { name: "夜间阅读" });
    await toggle.click();
    await expect.poll(() => background(page)).not.toBe("rgb(255, 255, 255)");
    expect(await page.evaluate(() => localStorage.getItem("canon-reader.nightReading"))).toBe("1");
    await toggle.click();
    await expect.poll(() => background(page)).toBe("rgb(255, 255, 255)");
    expect(await page.evaluate(() => localStorage.getItem("canon-reader.nightReading"))).toBe("0");
  });
});

describe("recent reading", () => {
  it("lists the reels a signed-in reader opened on home, newest first, and records READ_REEL", async () => {
    const reader = { username: "e2e_recent", contact: "recent@e2e.test", password: "recent-pass1" };
    await registerByApi(reader);
    await signInContext(context, reader.username, reader.password);
    await page.goto("/JS");
    await page.locator("[data-common-sutra]").first().click();
    await page.waitForURL("**/scroll/**");
    const reelUid = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.locator(`[data-page]`).first().waitFor();
    // The read goes through the outbox: leave the reel once the server has it.
    await expect.poll(() => storedFor(reader.username).reads[reelUid], { timeout: 30_000 }).toBe(1);
    await page.goto("/JS");
    const recent = page.locator(`[data-recent-read="${reelUid}"]`);
    await recent.waitFor();
    // Shown once on this device, the list keeps its room the next time while it loads.
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { topicsAt: number[] }).topicsAt = seen;
      new MutationObserver(() => {
        const topic = document.querySelector("[data-topic]");
        const top = topic ? Math.round(topic.getBoundingClientRect().top + window.scrollY) : null;
        if (top !== null && seen.at(-1) !== top) seen.push(top);
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.reload();
    await recent.waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { topicsAt: number[] }).topicsAt)).toHaveLength(1);
    await recent.click();
    await page.waitForURL(`**/scroll/${reelUid}`);
    const db = new Database(inject("e2eSqliteFile"), { readonly: true });
    try {
      const row = db
        .prepare("SELECT extra FROM oplog WHERE event_id = 'READ_REEL' ORDER BY id DESC LIMIT 1")
        .get() as { extra: string } | undefined;
      expect(JSON.parse(row?.extra ?? "{}")).toEqual({ reel_uid: reelUid });
    } finally {
      db.close();
    }
  });

  it("shows no recent reading to a guest", async () => {
    await page.goto("/JS");
    await page.locator("[data-common-sutra]").first().waitFor();
    expect(await page.locator("[data-recent-reads]").count()).toBe(0);
  });
});
