/**
 * Page objects of `/admin/user/list` (the shared admin list frame: filters in the address, the
 * search button, the sortable table) and of the signed-in reader's user menu with its research
 * entry.
 */
import type { Locator, Page } from "playwright-core";
import { AdminList } from "./admin-review-pages.ts";

export class AdminUserListPage extends AdminList {
  async open(query = ""): Promise<void> {
    await this.page.goto(`/admin/user/list${query}`);
    await this.settled();
  }

  get rows(): Locator {
    return this.page.locator("[data-user-row]");
  }

  row(username: string): Locator {
    return this.page.locator(`[data-user-row][data-username="${username}"]`);
  }

  async usernames(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-username") ?? ""));
  }

  /** The texts of one column, top to bottom. */
  async columnTexts(column: string): Promise<string[]> {
    return this.page
      .locator(`[data-user-row] [data-column="${column}"]`)
      .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ""));
  }

  /** Clicks a sortable header and waits for the order to reach the address and the list. */
  async sortBy(column: string, expected: string | null): Promise<void> {
    await this.page.locator(`th[data-column="${column}"]`).click();
    await this.page.waitForURL((url) => url.searchParams.get("sort_by") === expected);
    await this.settled();
  }

  roleBox(username: string, role: string): Locator {
    return this.row(username).locator(`input[data-role="${role}"]`);
  }

  /** The row's roles once no change is on its way. */
  async settledRoles(username: string): Promise<string> {
    const group = this.row(username).locator("fieldset[data-roles]");
    await this.row(username).locator('fieldset[aria-busy="false"]').waitFor();
    return (await group.getAttribute("data-roles")) ?? "";
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByText(text).first();
  }

  /**
   * Where the table's cells do not hold their content: a part reaching past its cell's sides, or
   * a word of letters broken over two lines. Answers "column: what", one per fault.
   */
  async overflowingCells(): Promise<string[]> {
    return this.rows.locator("td").evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const column = cell.getAttribute("data-column") ?? "?";
        const own = cell.getBoundingClientRect();
        const outside = (box: DOMRect) => box.left < own.left - 0.5 || box.right > own.right + 0.5;
        const faults: string[] = [];
        for (const part of cell.querySelectorAll("*")) {
          const box = part.getBoundingClientRect();
          if (box.width > 0 && outside(box))
            faults.push(`${column}: <${part.tagName.toLowerCase()}> outside`);
        }
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? "").matchAll(/\p{L}+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            // Chinese wraps between any two characters; a word of Latin letters must not.
            if (lines.size > 1 && /\p{Script=Latin}/u.test(word[0]))
              faults.push(`${column}: "${word[0]}" broken`);
            if (outside(range.getBoundingClientRect())) faults.push(`${column}: "${word[0]}" outside`);
          }
        }
        return faults;
      }),
    );
  }
}

/** The avatar menu of a signed-in reader. */
export class UserMenu {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.locator("[data-user-menu]").click();
    await this.page.locator('[role="menu"]').waitFor();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press("Escape");
    await this.page.locator('[role="menu"]').waitFor({ state: "detached" });
  }

  get researchEntry(): Locator {
    return this.page.locator("[data-research-menu]");
  }
}
