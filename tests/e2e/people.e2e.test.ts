/**
 * The people of the canon in the browser, as a reader made a researcher while signed in (no
 * sign-out): the person search opens and finds 鳩摩羅什, and says when another name, a place or a
 * biography title held the name searched for; a person's page counts the uses of a name in words
 * ("1 time") and names the book and juan a relation was read from; the catalogue and the reel
 * header of 大悅's 語錄 (JSB470) link its authors to their pages; 大悅's page shows his teacher–student graph,
 * drawn under the app's Content Security Policy, which grows from depth 1 to depth 2 and whose
 * persons open their own pages; 佛陀耶舍's biography opens the reel at the line it comes from.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { PeopleScreens } from "./pages/people.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { grantResearcher, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let screens: PeopleScreens;
const researcher = { username: "e2e_people", contact: "people@e2e.test", password: "people-pass1" };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(researcher);
  context = await newContext(browser);
  page = await context.newPage();
  screens = new PeopleScreens(page);
  await new AccountPages(page).passwordLogin(researcher.username, researcher.password);
  await page.waitForURL("**/JS");
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe("the people of the canon", () => {
  it("opens for a reader made a researcher while signed in, and finds a person by name", async () => {
    await page.goto("/JS/people");
    await page.waitForURL("**/401?role=researcher");
    await grantResearcher(researcher.username);

    await screens.openSearch("JS");
    expect(new URL(page.url()).pathname).toBe("/JS/people");
    await screens.searchName("鳩摩羅什");
    await screens.row("A001583").locator("[data-person-link]").click();
    await page.waitForURL("**/person/A001583");
    await expect.poll(() => screens.personName.textContent()).toBe("鳩摩羅什");
    await expect.poll(() => page.title()).toContain("鳩摩羅什 - ");
  });

  it("says which other name, place or biography title held the name searched for", async () => {
    await screens.openSearch("JS");
    const matched = async (name: string, personId: string) => {
      await screens.searchName(name);
      const field = screens.row(personId).locator("[data-matched-field]");
      return (await field.count()) === 0
        ? null
        : { field: await field.getAttribute("data-matched-field"), text: await field.textContent() };
    };
    expect(await matched("童壽", "A001583")).toEqual({ field: "alias", text: "匹配别名：童壽" });
    expect(await matched("罽賓", "A001583")).toEqual({ field: "place", text: "匹配地点：罽賓" });
    expect(await matched("永安寺僧端", "A011716")).toEqual({
      field: "title",
      text: "匹配传记题名：永安寺僧端尼傳十一",
    });
    expect(await matched("鳩摩羅什", "A001583")).toBeNull();
  });

  it("counts a name's uses in words and names the book and juan of a relation, in English", async () => {
    const english = await newContext(browser, { locale: "en" });
    await signInContext(english, researcher.username, researcher.password);
    const other = new PeopleScreens(await english.newPage());
    await other.page.goto("/person/A001583");
    await other.person("A001583").waitFor();
    const names = (await other.page.locator('[data-detail="names"]').textContent()) ?? "";
    expect(names).toContain("付公 (1 time)");
    expect(names).toContain("羅什 (31 times)");
    expect(names).not.toMatch(/\b1 times\b/u);
    // 道融's relation was read from 0073shiDaoRong.xml, his biography in 高僧傳.
    const source = other.page.locator('[data-relation="student"] [data-relation-source]').first();
    expect(await source.textContent()).toMatch(/^Source: 高僧傳, juan \d+ · 釋道融/u);
    expect(await source.textContent()).not.toContain(".xml");
    await english.close();
  });

  it("goes from the reel header's author to the person's page and expands the graph", async () => {
    await page.goto("/JS");
    await screens.catalogueAuthor("A016585").waitFor();
    expect(await screens.catalogueAuthor("A016585").getAttribute("href")).toBe("/person/A016585");

    await page.goto("/scroll/JSB470_1");
    const author = screens.headerAuthor("A016585");
    await author.waitFor();
    expect(await author.textContent()).toBe("大悅");
    expect(await screens.headerAuthor("A037627").textContent()).toBe("學愚");
    await author.click();
    await page.waitForURL("**/person/A016585");
    await screens.person("A016585").waitFor();
    expect(await screens.personName.textContent()).toBe("大悅");

    const one = await screens.drawnGraph("A016585", 1);
    expect(one).toBe(3);
    expect(await screens.graph.locator("canvas").count()).toBeGreaterThan(0);
    await screens.chooseDepth(2);
    const two = await screens.drawnGraph("A016585", 2);
    expect(two).toBeGreaterThan(one);
    expect(screens.cspReports).toEqual([]);

    const people = await screens.graphPeople();
    expect(await people.count()).toBe(two);
    const ids = await people.evaluateAll((links) =>
      links.map((link) => link.getAttribute("data-graph-node")),
    );
    const otherId = ids.find((id) => id !== "A016585") ?? "";
    expect(otherId).not.toBe("");
    await page.locator(`[data-graph-node="${otherId}"]`).click();
    await page.waitForURL(`**/person/${otherId}`);
    await screens.person(otherId).waitFor();
  });

  it("opens the reel at the line a biography paragraph comes from", async () => {
    await page.goto("/person/A000439");
    await screens.person("A000439").waitFor();
    await screens.paragraphLink("TS_50_333c.16").click();
    await page.waitForURL((url) => url.pathname.startsWith("/scroll/TS2059_"));
    expect(new URL(page.url()).searchParams.get("cid")).toBe("TS_50_333c.16");
    const line = page.locator('[data-cid="TS_50_333c.16"]');
    await line.waitFor();
    expect(await line.textContent()).toContain("佛陀耶舍");
  });
});
