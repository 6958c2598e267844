/**
 * The research routes' tests start the same way: the imported starter canon and three accounts,
 * a researcher, a reader, and an administrator who is not a researcher (the role is not implied).
 */
import type { Dialect } from "../../server/db/connect.ts";
import { type AuthHarness, accessToken, registerUser, startAuthApp } from "./auth-setup.ts";

export type ResearchTokens = { researcher: string; reader: string; admin: string };

const ROLES: Record<keyof ResearchTokens, string[]> = {
  researcher: ["reader", "researcher"],
  reader: ["reader"],
  admin: ["reader", "admin"],
};

/** `prefix` names the accounts (`{prefix}_researcher`, …), so each test file has its own. */
export async function startResearchApp(
  dialect: Dialect,
  prefix: string,
  options: { fontFiles?: string[] } = {},
): Promise<{ h: AuthHarness; tokens: ResearchTokens }> {
  const h = await startAuthApp(dialect, {}, { withCanon: true, ...options });
  const tokens: ResearchTokens = { researcher: "", reader: "", admin: "" };
  for (const who of Object.keys(ROLES) as (keyof ResearchTokens)[]) {
    const username = `${prefix}_${who}`;
    await registerUser(h, { username, contact: `${username}@example.org`, password: "abc123" });
    await h.database.canon.db
      .updateTable("user")
      .set({ roles: JSON.stringify(ROLES[who]) })
      .where("username", "=", username)
      .execute();
    tokens[who] = await accessToken(h, username, "abc123");
  }
  return { h, tokens };
}
