/**
 * Page objects of the administrators' review screens: `/admin/apply` with its application drawer
 * and `/admin/feedback` with its deal drawer, both on the shared admin list frame (filters in the
 * address, the search button, the table).
 */
import type { Locator, Page } from "playwright-core";

/** The filter bar, table and pager every admin list screen shares. */
export class AdminList {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.locator("form[data-admin-search-form]");
  }

  /** A filter's input or select, by its query name. */
  filter(name: string): Locator {
    return this.form.locator(`[name="${name}"]`);
  }

  /** Types into a text filter and presses Enter there; the search lands in the address (an emptied one leaves it). */
  async searchFromField(name: string, value: string): Promise<void> {
    await this.filter(name).fill(value);
    await this.filter(name).press("Enter");
    await this.page.waitForURL((url) => (url.searchParams.get(name) ?? "") === value);
    await this.settled();
  }

  async choose(name: string, value: string): Promise<void> {
    await this.filter(name).selectOption(value);
  }

  async search(): Promise<void> {
    await this.form.locator("[data-admin-search]").click();
    await this.settled();
  }

  /** Waits until the list shows the answer to the last query. */
  async settled(): Promise<void> {
    await this.page.locator('[data-admin-list="ready"]').waitFor();
  }

  get empty(): Locator {
    return this.page.locator("[data-admin-empty]");
  }

  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }
}

export class AdminApplicationsPage extends AdminList {
  async open(): Promise<void> {
    await this.page.goto("/admin/apply");
    await this.settled();
  }

  row(username: string): Locator {
    return this.page.locator(`[data-application-row][data-username="${username}"]`);
  }

  async openDrawer(username: string): Promise<void> {
    await this.row(username).locator("[data-open-application]").click();
    await this.drawer.locator("[data-decision-form]").waitFor();
  }

  get drawer(): Locator {
    return this.page.locator("[data-application-drawer]");
  }

  detail(field: string): Locator {
    return this.drawer.locator(`[data-detail="${field}"]`);
  }

  async decide(choice: "approved" | "rejected", reason?: string): Promise<void> {
    await this.drawer.locator(`input[data-decision-choice="${choice}"]`).check();
    if (reason !== undefined) await this.drawer.locator('textarea[name="reason"]').fill(reason);
  }

  async confirm(): Promise<void> {
    await this.drawer.locator("[data-decision-confirm]").click();
  }

  /** The Fluent field around the reason: its label, counter and message. */
  get reasonField(): Locator {
    return this.drawer.locator(".fui-Field", { has: this.page.locator('textarea[name="reason"]') });
  }
}

export class AdminFeedbackPage extends AdminList {
  async open(): Promise<void> {
    await this.page.goto("/admin/feedback");
    await this.settled();
  }

  row(feedbackId: number): Locator {
    return this.page.locator(`[data-feedback-row="${feedbackId}"]`);
  }

  async openDrawer(feedbackId: number): Promise<void> {
    await this.row(feedbackId).locator("[data-open-feedback]").click();
    await this.drawer.locator("[data-admin-reply-form]").waitFor();
  }

  get drawer(): Locator {
    return this.page.locator("[data-deal-drawer]");
  }

  get conversation(): Locator {
    return this.drawer.locator("[data-conversation-log] [data-log]");
  }

  async reply(
    status: "processing" | "completed_valid" | "completed_invalid",
    content: string,
  ): Promise<void> {
    await this.drawer.locator(`input[data-reply-status="${status}"]`).check();
    await this.drawer.locator('textarea[name="content"]').fill(content);
    await this.drawer.locator("[data-admin-reply-send]").click();
  }

  /** The Fluent field around the reply: its label, counter and message. */
  get replyField(): Locator {
    return this.drawer.locator(".fui-Field", { has: this.page.locator('textarea[name="content"]') });
  }
}
