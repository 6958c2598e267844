/**
 * Shared set-up of the article tests: the personal centre's app (starter canon, an administrator,
 * readers), a researcher, an administrator's calls, image uploads for a purpose, and the rows of
 * the `articles` table for checking that a refused request changed nothing.
 */
import { expect } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { accessToken, type Reply } from "./auth-setup.ts";
import { type Centre, PASSWORD, type Reader, startCentre } from "./personal-centre-setup.ts";
import { flatPng, policyFields, postUpload } from "./upload-requests.ts";

export type ArticleHarness = {
  c: Centre;
  reader: Reader;
  researcher: Reader;
  /** A call with the administrator's token. */
  admin(
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
    query?: Record<string, string>,
  ): Promise<Reply>;
  /** A call without a token. */
  anyone(url: string, query?: Record<string, string>): Promise<Reply>;
  /** Uploads a small PNG under `purpose`; answers the upload reply (its result holds key and url). */
  upload(token: string, purpose: string): Promise<Reply>;
  articleRows(): Promise<string[]>;
  close(): Promise<void>;
};

/** A valid article form under `uid`. */
export const form = (uid: string, change: Record<string, unknown> = {}) => ({
  title: `标题 ${uid}`,
  uid,
  summary: `摘要 ${uid}`,
  content: `# ${uid}\n\n正文。\n`,
  ...change,
});

export async function startArticles(dialect: Dialect): Promise<ArticleHarness> {
  const c = await startCentre(dialect);
  const reader = await c.newReader();
  const someone = await c.newReader();
  await c.h.database.canon.db
    .updateTable("user")
    .set({ roles: JSON.stringify(["reader", "researcher"]) })
    .where("id", "=", someone.id)
    .execute();
  const researcher = { ...someone, token: await accessToken(c.h, someone.username, PASSWORD) };

  async function upload(token: string, purpose: string): Promise<Reply> {
    const granted = await c.call(token, "GET", "/v1/oss/token", { query: { oss_prefix: purpose } });
    if (granted.code !== 0) return granted;
    const policy = granted.result as UploadPolicy;
    const file = { bytes: await flatPng(8), name: "cover.png", type: "image/png" };
    const fields = policyFields(policy, `${policy.dir}cover.png`, file.type);
    const uploaded = await postUpload(c.h.app, policy.host, fields, file, token);
    expect(uploaded.code).toBe(0);
    return uploaded;
  }

  return {
    c,
    reader,
    researcher,
    admin: (method, url, payload, query) =>
      c.call(c.admin.token, method, url, {
        ...(payload === undefined ? {} : { payload }),
        ...(query ? { query } : {}),
      }),
    anyone: (url, query) => c.call(null, "GET", url, query ? { query } : {}),
    upload,
    async articleRows() {
      const rows = await c.h.database.canon.db.selectFrom("articles").selectAll().execute();
      return rows.map((row) => JSON.stringify(row)).sort();
    },
    close: () => c.close(),
  };
}
