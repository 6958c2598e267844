/**
 * Bad requests, one per row: each answers the `{ code, msg, result: null }` envelope with its own
 * HTTP status and the catalogue code equal to it (spec section 8): a body the API does not read
 * (415), too large (413) or unparsable (400), a malformed or over-long path (400, 414), and text
 * fields holding control, bidirectional formatting or unpaired surrogate characters (400, naming
 * the field and the rule).
 */
import { readdirSync, statSync } from "node:fs";
import { connect } from "node:net";
import { join, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorEnvelope } from "../../contract/envelope.ts";
import { STORAGE_URL_PREFIX } from "../../server/storage/local.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";
import { type AuthHarness, accessToken, bearer, registerUser, startAuthApp } from "./auth-setup.ts";
import {
  type CanonSample,
  nameRows,
  type Row,
  textRows,
  transportRows,
  unstorableRows,
} from "./bad-request-rows.ts";

describe.each(testDialects())("bad requests on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let canon: CanonSample;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "careful", contact: "careful@example.org", password: "abc123" });
    token = await accessToken(h, "careful", "abc123");
    const list = await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/sutra/list", payload: {} });
    type Listed = { result: { list: { uid: string; reel_uids: [string, string][] }[] } };
    const sutra = (list.json() as Listed).result.list[0];
    const reel = sutra?.reel_uids[0]?.[0] ?? "";
    const reelBody = (await h.app.inject({ method: "GET", url: `/v1/reel/${reel}` })).json() as {
      result: { pages: { lines: { cid: string }[] }[] };
    };
    canon = { sutra: sutra?.uid ?? "", reel, cid: reelBody.result.pages[0]?.lines[0]?.cid ?? "" };
    const created = await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/JS/sutra_group",
      headers: bearer(token),
      payload: { name: "早课" },
    });
    expect(created.statusCode).toBe(200);
  });
  afterAll(() => h.close());

  const check = async ([, build, status, msg]: Row) => {
    const send = typeof build === "function" ? build(canon) : build;
    const response = await h.app.inject({
      method: send.method,
      url: send.url,
      headers: { ...(send.signedIn ? bearer(token) : {}), ...send.headers },
      ...(send.payload === undefined ? {} : { payload: send.payload }),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    const body = response.json() as { code: number; msg: string };
    if (status >= 400) expect(errorEnvelope.parse(body)).toMatchObject({ code: status, result: null });
    else expect(body.code).toBe(0);
    if (msg) expect(body.msg).toContain(msg);
  };

  it("answers a range outside a stored file with the 416 envelope", async () => {
    const root = h.database.storage.root;
    const file = readdirSync(root, { recursive: true, encoding: "utf8" }).find((name) =>
      statSync(join(root, name)).isFile(),
    );
    if (!file) throw new Error("the starter canon stores no file");
    const url = `${STORAGE_URL_PREFIX}${file.split(sep).map(encodeURIComponent).join("/")}`;
    expect((await h.app.inject({ method: "GET", url })).statusCode).toBe(200);
    const response = await h.app.inject({ method: "GET", url, headers: { range: "bytes=999999999-" } });
    expect(response.statusCode).toBe(416);
    expect(errorEnvelope.parse(response.json())).toMatchObject({ code: 416 });
  });

  describe.each([
    ["transport", transportRows],
    ["text the database cannot hold", unstorableRows],
    ["names", nameRows],
    ["feedback and search text", textRows],
  ] as const)("%s", (_, rows) => {
    it.each(rows.map((row) => [row[0], row] as const))("%s", (_label, row) => check(row));
  });
});

describe.each(testDialects())("bad connections on %s", (dialect) => {
  it("answers headers over Node's limit with the 431 envelope", async () => {
    const database = await emptyDatabase(dialect);
    const app = await appOver(database);
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (address === null || typeof address === "string") throw new Error("no port");
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(address.port, "127.0.0.1");
        let received = "";
        socket.on("data", (chunk) => {
          received += chunk.toString("utf8");
        });
        socket.on("close", () => resolve(received));
        socket.on("error", reject);
        socket.write(`GET /v1/tripitaka/all HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as unknown;
      expect(errorEnvelope.parse(body)).toMatchObject({ code: 431, result: null });
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it("answers a request arriving while the server shuts down with the 503 envelope", async () => {
    const database = await emptyDatabase(dialect);
    const app = await appOver(database);
    let during: { status: number; body: unknown } | null = null;
    app.addHook("preClose", async () => {
      const address = app.server.address();
      if (address === null || typeof address === "string") return;
      const response = await fetch(`http://127.0.0.1:${address.port}/v1/tripitaka/all`);
      during = { status: response.status, body: await response.json() };
    });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
    } finally {
      await app.close();
      await database.dispose();
    }
    expect(during).toMatchObject({ status: 503, body: { code: 503, result: null } });
  });
});
