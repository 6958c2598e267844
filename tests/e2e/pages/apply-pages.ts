/** Page objects of the researcher application screens, and the administrator's decision by the API. */
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { passwordToken } from "../support/session.ts";

export type ApplyFieldName = "realName" | "company" | "intro" | "purpose";

export class ApplyPages {
  constructor(readonly page: Page) {}

  form() {
    return this.page.locator("form[data-apply-form]");
  }

  field(name: ApplyFieldName) {
    return this.page.locator(`[data-apply-field="${name}"]`);
  }

  /** The Fluent field around an input: its label, counter and message. */
  fieldBox(name: ApplyFieldName) {
    return this.page.locator(".fui-Field", { has: this.field(name) });
  }

  async fill(values: Partial<Record<ApplyFieldName, string>>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [ApplyFieldName, string][])
      await this.field(name).fill(value);
  }

  async values(): Promise<Record<ApplyFieldName, string>> {
    return {
      realName: await this.field("realName").inputValue(),
      company: await this.field("company").inputValue(),
      intro: await this.field("intro").inputValue(),
      purpose: await this.field("purpose").inputValue(),
    };
  }

  async submit(): Promise<void> {
    await this.page.locator("[data-apply-submit]").click();
  }

  alert(kind: "noEdit" | "refused" | "offline" | "sent") {
    return this.page.locator(`[data-apply-alert="${kind}"]`);
  }

  result() {
    return this.page.locator("[data-apply-result]");
  }

  /** Waits for the result screen to show `kind`. */
  async waitForResult(kind: "success" | "pending" | "failure"): Promise<void> {
    await this.page.waitForURL("**/apply-result");
    await this.page.locator(`[data-apply-result="${kind}"]`).waitFor();
  }
}

type Envelope<T> = { code: number; msg: string; result: T };

/** The administrator's side of an application, through the API. */
export class ApplicationAdmin {
  private token: string | null = null;

  private async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const admin = inject("e2eAdmin");
    this.token ??= await passwordToken(admin.username, admin.password);
    const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json" },
    });
    const body = (await response.json()) as Envelope<T>;
    if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.result;
  }

  async idOf(username: string): Promise<number> {
    const query = new URLSearchParams({ username });
    const page = await this.call<{ list: { _id: number; username: string }[] }>(
      `admin/applications?${query}`,
    );
    const found = page.list.find((application) => application.username === username);
    if (!found) throw new Error(`no application of ${username}`);
    return found._id;
  }

  async deal(username: string, status: "approved" | "rejected", reason = ""): Promise<void> {
    const id = await this.idOf(username);
    await this.call(`admin/applications/${id}/deal`, {
      method: "POST",
      body: JSON.stringify({ status, reason }),
    });
  }
}
