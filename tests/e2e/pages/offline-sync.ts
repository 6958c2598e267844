/**
 * What the offline-sync tests drive and check: the catalogue drawer's group tools, the personal
 * centre's "waiting to sync" panel and the user menu's count, and what the server stored for a
 * reader (read from the e2e server's SQLite file).
 */
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { inject } from "vitest";

/**
 * Loads a lazy chunk of the app (e.g. "NoticeHost", the toasts) into the page while online, as an
 * earlier toast would have: a chunk first needed offline cannot be fetched, and the app does not
 * survive a failed lazy import.
 */
export async function loadLazyPart(page: Page, name: string): Promise<void> {
  const file = await page.evaluate(async (part) => {
    const scripts = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => url.endsWith(".js"));
    for (const url of scripts) {
      const found = new RegExp(`${part}-[\\w-]+\\.js`).exec(await (await fetch(url)).text())?.[0];
      if (found) return found;
    }
    return null;
  }, name);
  if (!file) throw new Error(`no loaded script names a ${name} chunk`);
  // A script of the app's own origin: the Content Security Policy refuses inline ones.
  await page.addScriptTag({ type: "module", url: `/assets/${file}` });
}

export class GroupDrawer {
  constructor(readonly page: Page) {}

  get drawer() {
    return this.page.locator("[data-catalogue-drawer]");
  }

  get rows() {
    return this.drawer.locator("[data-sutra]");
  }

  group(name: string) {
    return this.drawer.locator(`[data-group="${name}"]`);
  }

  async open(): Promise<void> {
    await this.page.locator("[data-catalogue-button]").click();
    await this.rows.first().waitFor();
  }

  async close(): Promise<void> {
    await this.drawer.locator(".fui-DrawerHeader").getByRole("button", { name: "关闭" }).click();
    await this.drawer.waitFor({ state: "hidden" });
  }

  private async nameGroup(name: string): Promise<void> {
    const dialog = this.page.getByRole("alertdialog");
    await dialog.locator('input[name="group_name"]').fill(name);
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.waitFor({ state: "detached" });
  }

  /** Selects the row at `index`, then adds it to a group made for it in the add dialog. */
  async addToNewGroup(index: number, name: string): Promise<string> {
    const row = this.rows.nth(index);
    const sutraUid = (await row.getAttribute("data-sutra")) ?? "";
    await row.getByRole("checkbox").check();
    await this.drawer.locator("[data-add-to-group]").click();
    const add = this.page.locator("[data-add-dialog]");
    await add.getByRole("button", { name: "新建分组" }).click();
    await this.nameGroup(name);
    await add.getByRole("radio", { name }).waitFor();
    await add.getByRole("button", { name: "加入", exact: true }).click();
    await add.waitFor({ state: "detached" });
    return sutraUid;
  }

  async rename(from: string, to: string): Promise<void> {
    await this.drawer.locator('[data-drawer-tab="group"]').click();
    const group = this.group(from);
    await group.getByRole("button").first().click();
    await group.getByRole("button", { name: "重命名" }).click();
    await this.nameGroup(to);
    await this.group(to).waitFor();
  }
}

export class SyncPanel {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/message?tab=sync");
    await this.page.locator("[data-sync-panel]").waitFor();
  }

  get records() {
    return this.page.locator("[data-outbox-record]");
  }

  get empty() {
    return this.page.locator("[data-sync-empty]");
  }

  /** The user menu's count of changes not yet synced. */
  get count() {
    return this.page.locator("[data-sync-count]");
  }
}

export type StoredGroup = { name: string; sutras: string[] };

/** What the server holds for `username`: groups of JS with their sutras, and reads by target. */
export function storedFor(username: string): { groups: StoredGroup[]; reads: Record<string, number> } {
  const db = new Database(inject("e2eSqliteFile"), { readonly: true, fileMustExist: true });
  try {
    const user = db.prepare<[string], { id: number }>("SELECT id FROM user WHERE username = ?").get(username);
    if (!user) throw new Error(`no user ${username}`);
    const groups = db
      .prepare<[number], { id: number; name: string }>(
        "SELECT id, name FROM sutra_group WHERE user_id = ? AND tripitaka_uid = 'JS' ORDER BY sn, id",
      )
      .all(user.id)
      .map((group) => ({
        name: group.name,
        sutras: db
          .prepare<[number], { sutra_uid: string }>(
            "SELECT sutra_uid FROM sutra_group_item WHERE group_id = ?",
          )
          .all(group.id)
          .map((item) => item.sutra_uid),
      }));
    const reads: Record<string, number> = {};
    const rows = db
      .prepare<[number], { target_uid: string; n: number }>(
        "SELECT target_uid, count(*) AS n FROM user_op WHERE user_id = ? GROUP BY target_uid",
      )
      .all(user.id);
    for (const row of rows) reads[row.target_uid] = row.n;
    return { groups, reads };
  } finally {
    db.close();
  }
}
