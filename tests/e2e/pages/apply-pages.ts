/** Page objects of the researcher application screens, and the administrator's decision by the API. */
import type { Page } from "playwright-core";
import { AdminApi } from "../support/session.ts";
import { NamedFieldForm } from "./named-field-form.ts";

const APPLY_FIELDS = ["realName", "company", "intro", "purpose"] as const;

export type ApplyFieldName = (typeof APPLY_FIELDS)[number];

export class ApplyPages extends NamedFieldForm<ApplyFieldName> {
  constructor(page: Page) {
    super(page, "apply", APPLY_FIELDS);
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

/** The administrator's side of an application, through the API. */
export class ApplicationAdmin {
  private readonly api = new AdminApi();

  async idOf(username: string): Promise<number> {
    const query = new URLSearchParams({ username });
    const page = await this.api.call<{ list: { _id: number; username: string }[] }>(
      `admin/applications?${query}`,
    );
    const found = page.list.find((application) => application.username === username);
    if (!found) throw new Error(`no application of ${username}`);
    return found._id;
  }

  async deal(username: string, status: "approved" | "rejected", reason = ""): Promise<void> {
    const id = await this.idOf(username);
    await this.api.call(`admin/applications/${id}/deal`, {
      method: "POST",
      body: JSON.stringify({ status, reason }),
    });
  }
}
