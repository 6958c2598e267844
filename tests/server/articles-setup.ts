/**
 * Shared set-up of the article tests: the personal centre's app (starter canon, an administrator,
 * readers), a researcher, an administrator's calls, image uploads for a purpose, and the rows of
 * the `articles` table for checking that a refused request changed nothing.
 */
import sharp from "sharp";
import { expect } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { accessToken, bearer, parse, type Reply } from "./auth-setup.ts";
import { type Centre, PASSWORD, type Reader, startCentre } from "./personal-centre-setup.ts";

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
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#987444" } })
      .png()
      .toBuffer();
    const body = new FormData();
    const fields = {
      key: `${policy.dir}cover.png`,
      policy: policy.policy,
      OSSAccessKeyId: policy.accessid,
      signature: policy.signature,
      "Content-Type": "image/png",
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "cover.png");
    const request = new Request("http://local/", { method: "POST", body });
    const uploaded = parse(
      await c.h.app.inject({
        method: "POST",
        url: policy.host,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { "content-type": request.headers.get("content-type") ?? "", ...bearer(token) },
      }),
    );
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
