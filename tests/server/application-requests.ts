/** A reader's application to become a researcher, as the tests that need one send it. */
import { expect } from "vitest";
import type { ApplyForm } from "../../contract/applications.ts";
import { type AuthHarness, bearer, parse } from "./auth-setup.ts";

/** Sends the reader's application and checks it was taken. */
export async function applyForResearch(h: AuthHarness, token: string, form: ApplyForm): Promise<void> {
  const applied = await h.app.inject({
    method: "POST",
    url: "/v1/applications",
    headers: bearer(token),
    payload: form,
  });
  expect(parse(applied).code).toBe(0);
}
