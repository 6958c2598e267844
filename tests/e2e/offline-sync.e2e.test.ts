/**
 * Changes made offline reach the server exactly once when the reader comes back (real Chromium,
 * the built app, the real server). The reel reader needs the network for a reel that was not
 * downloaded, so the recent read is made online with its request held unanswered (the connection
 * "hangs", as on a bad network) and the page is left with it still in the outbox; the group changes
 * are made with the browser offline. Then the page is closed, and a new one opened online.
 */
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { GroupDrawer, loadLazyPart, type StoredGroup, SyncPanel, storedFor } from "./pages/offline-sync.ts";
import { ReelReader, sutraList } from "./pages/reel-reader.ts";
import { passwordToken } from "./support/session.ts";
import { pagePerTest } from "./support/suite.ts";

let context: BrowserContext;
let page: Page;
let reelUid: string;
const reader = { username: "e2e_offline_sync", contact: "offline-sync@e2e.test", password: "offline-pass1" };

pagePerTest({ user: reader, readingGuideDone: true }, (opened) => {
  ({ context, page } = opened);
});

beforeAll(async () => {
  const { list } = await sutraList("JS");
  reelUid = list[0]?.reel_uids[0]?.[0] ?? "";
});

const groupsOf = (username: string): StoredGroup[] => storedFor(username).groups;

describe("changes made offline", () => {
  it("reach the server exactly once after the page was closed, and the sync panel empties", async () => {
    // Reading records get no answer on this page: the read waits in the outbox.
    await context.route("**/v1/JS/user_op", () => undefined);
    await new ReelReader(page).open(reelUid);
    const panel = new SyncPanel(page);
    await expect.poll(() => panel.count.getAttribute("data-sync-count")).toBe("1");

    await page.goto("/JS");
    // Home lists the read from this device although the server has not got it.
    await page.locator(`[data-recent-read="${reelUid}"]`).waitFor();
    const drawer = new GroupDrawer(page);
    await drawer.open();
    await loadLazyPart(page, "NoticeHost");

    await context.setOffline(true);
    const sutraUid = await drawer.addToNewGroup(1, "离线分组");
    await drawer.rename("离线分组", "离线新名");
    await drawer.group("离线新名").locator(`[data-group-sutra="${sutraUid}"]`).waitFor();
    await expect.poll(() => panel.count.getAttribute("data-sync-count")).toBe("4");
    expect(storedFor(reader.username)).toEqual({ groups: [], reads: {} });
    await page.close();

    await context.unroute("**/v1/JS/user_op");
    await context.setOffline(false);
    const next = await context.newPage();
    const back = new SyncPanel(next);
    await back.open();
    await back.empty.waitFor();
    expect(storedFor(reader.username)).toEqual({
      groups: [{ name: "离线新名", sutras: [sutraUid] }],
      reads: { [reelUid]: 1 },
    });
    await expect.poll(() => back.count.count()).toBe(0);
  });

  it("shows a change the server refused, and sends it again on retry", async () => {
    await page.goto("/JS");
    const drawer = new GroupDrawer(page);
    await drawer.open();
    await loadLazyPart(page, "NoticeHost");
    await context.setOffline(true);
    // Meanwhile another device creates a group of the same name.
    const token = await passwordToken(reader.username, reader.password);
    const api = (path: string, method: string, body: unknown) =>
      fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/JS/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await api("sutra_group", "POST", { name: "冲突" })).ok).toBe(true);
    const sutraUid = await drawer.addToNewGroup(2, "冲突");

    await context.setOffline(false);
    await drawer.close();
    await page.locator("[data-user-menu]").click();
    // The personal centre opens in a window of its own; the reader's page stays where it was.
    const [centre] = await Promise.all([
      context.waitForEvent("page"),
      page.locator("[data-sync-menu-item]").click(),
    ]);
    expect(new URL(page.url()).pathname).toBe("/JS");
    await centre.waitForURL("**/message?tab=sync");
    const panel = new SyncPanel(centre);
    const failed = panel.records.filter({ has: centre.locator("[data-outbox-retry]") });
    await failed.waitFor();
    expect(await failed.locator("td").first().textContent()).toBe("新建分组“冲突”");
    expect(await failed.locator("[data-outbox-error]").textContent()).toMatch(/^400 /);
    // The sutras went into the group of that name the server has.
    await expect
      .poll(() => groupsOf(reader.username).find((g) => g.name === "冲突")?.sutras)
      .toEqual([sutraUid]);

    // Once the other device renames its group, the retried change goes through.
    const all = await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/JS/sutra_group/all`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const listed = ((await all.json()) as { result: { _id: number; name: string }[] }).result;
    const existing = listed.find((g) => g.name === "冲突");
    expect((await api(`sutra_group_name/${existing?._id}`, "PUT", { name: "冲突之前" })).ok).toBe(true);
    await failed.locator("[data-outbox-retry]").click();
    await panel.empty.waitFor();
    const names = groupsOf(reader.username).map((g) => g.name);
    expect(names.filter((name) => name.startsWith("冲突"))).toEqual(["冲突之前", "冲突"]);
  });
});
