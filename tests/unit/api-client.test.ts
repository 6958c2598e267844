/** The API client against a real local HTTP server: refresh-once on 401, envelope and notices. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, type TokenStore } from "../../src/api/client.ts";
import { ApiCodeError, ApiError } from "../../src/api/errors.ts";
import { type ApiEvents, type ApiNotice, createEmitter } from "../../src/api/events.ts";

type Seen = { path: string; authorization: string | undefined; timezone: string | undefined; body: string };

let server: Server;
let prefixUrl: string;
let refreshCalls = 0;
let refreshAnswer: { status: number; body: unknown } = { status: 200, body: null };
let seen: Seen[] = [];

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

async function handle(req: IncomingMessage, res: ServerResponse) {
  let body = "";
  for await (const chunk of req) body += chunk;
  const path = req.url?.split("?")[0] ?? "";
  const authorization = req.headers.authorization;
  seen.push({ path, authorization, timezone: req.headers.timezone as string | undefined, body });
  if (path === "/v1/refresh_token") {
    refreshCalls++;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return send(res, refreshAnswer.status, refreshAnswer.body);
  }
  if (path === "/v1/protected") {
    if (authorization !== "Bearer fresh")
      return send(res, 401, { code: 401, msg: "token expired", result: null });
    return send(res, 200, { code: 0, msg: "success", result: { echo: body } });
  }
  const code = Number(path.split("/").at(-1));
  if (path.startsWith("/v1/code/"))
    return send(res, code >= 1000 || code === 511 ? 400 : code, { code, msg: `msg ${code}`, result: null });
  if (path.startsWith("/v1/status/")) {
    res.writeHead(code, { "content-type": "text/html" });
    return res.end("<html>gateway</html>");
  }
  if (path === "/v1/no-result") return send(res, 200, { code: 0, msg: "success" });
  if (path === "/v1/slow-body") {
    // The head at once, the body a while later: a reader may leave the screen in between.
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"code":0,"msg":"success",');
    await new Promise((resolve) => setTimeout(resolve, 200));
    return res.end('"result":{"ok":true}}');
  }
  if (path === "/v1/not-json") {
    res.writeHead(200, { "content-type": "text/html" });
    return res.end("<!doctype html><title>app</title>");
  }
  return send(res, 200, { code: 0, msg: "success", result: { ok: true } });
}

function memoryTokens(initial: string | null): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (token: string) => {
      store.value = token;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

function setup(token: string | null) {
  const tokens = memoryTokens(token);
  const events = createEmitter<ApiEvents>();
  const notices: ApiNotice[] = [];
  let logouts = 0;
  events.on("notice", (notice) => notices.push(notice));
  events.on("logout", () => logouts++);
  const client = createApiClient({ prefixUrl, tokens, events, timeZone: () => "Asia/Shanghai" });
  return { client, tokens, notices, logouts: () => logouts };
}

type Echo = { echo: string };
type Ok = { ok: boolean };

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  prefixUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  refreshCalls = 0;
  seen = [];
  refreshAnswer = {
    status: 200,
    body: { code: 0, msg: "success", result: { access_token: "fresh", token_type: "bearer" } },
  };
});

describe("token refresh", () => {
  it("refreshes once for concurrent 401s and repeats every request once with the new token", async () => {
    const { client, tokens, notices } = setup("stale");
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => client.getResult<Echo>(client.http.post("protected", { json: { n } }))),
    );
    expect(refreshCalls).toBe(1);
    expect(tokens.value).toBe("fresh");
    expect(results.map((r) => JSON.parse(r.echo).n).sort()).toEqual([1, 2, 3, 4, 5]);
    const protectedCalls = seen.filter((s) => s.path === "/v1/protected");
    expect(protectedCalls).toHaveLength(10);
    expect(protectedCalls.filter((s) => s.authorization === "Bearer fresh")).toHaveLength(5);
    expect(notices).toEqual([]);
  });

  it("signs out when the refresh fails, and the request fails with 401", async () => {
    refreshAnswer = { status: 401, body: { code: 401, msg: "refresh token expired", result: null } };
    const { client, tokens, notices, logouts } = setup("stale");
    const failures = await Promise.allSettled([
      client.getResult<Echo>(client.http.get("protected")),
      client.getResult<Echo>(client.http.get("protected")),
    ]);
    expect(refreshCalls).toBe(1);
    expect(tokens.value).toBeNull();
    expect(logouts()).toBe(1);
    for (const failure of failures) {
      expect(failure.status).toBe("rejected");
      if (failure.status === "rejected") expect(failure.reason).toMatchObject({ status: 401 });
    }
    expect(seen.filter((s) => s.path === "/v1/protected")).toHaveLength(2);
    expect(notices[0]).toEqual({ kind: "status", status: 401, statusText: "Unauthorized" });
  });

  it("sends the Bearer token and the Timezone header", async () => {
    const { client } = setup("fresh");
    await client.getResult<Ok>(client.http.get("anything"));
    expect(seen[0]).toMatchObject({ authorization: "Bearer fresh", timezone: "Asia/Shanghai" });
    const anonymous = setup(null);
    await anonymous.client.getResult<Ok>(anonymous.client.http.get("anything"));
    expect(seen[1]?.authorization).toBeUndefined();
  });
});

describe("envelope and errors", () => {
  it("toasts codes below 1000 with the code and server msg", async () => {
    const { client, notices } = setup(null);
    const error = await client.getResult<Ok>(client.http.get("code/511")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ApiCodeError);
    expect(error).toMatchObject({ code: 511, status: 400, notified: true });
    expect(notices).toEqual([{ kind: "code", code: 511, msg: "msg 511" }]);
  });

  it("throws codes of 1000 and above to the screen without a notice", async () => {
    const { client, notices } = setup(null);
    const error = await client.getResult<Ok>(client.http.get("code/1005")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCodeError);
    expect(error).toMatchObject({ code: 1005, message: "msg 1005", notified: false });
    expect(notices).toEqual([]);
  });

  it("turns 429 into the modal and 430 and 507 into 'too frequent'", async () => {
    const { client, notices } = setup(null);
    for (const code of [429, 430, 507])
      await client.getResult<Ok>(client.http.get(`code/${code}`)).catch(() => null);
    expect(notices).toEqual([{ kind: "rateLimited" }, { kind: "tooFrequent" }, { kind: "tooFrequent" }]);
  });

  it("shows transport statuses with their status text, also without an envelope", async () => {
    const { client, notices } = setup(null);
    await client.getResult<Ok>(client.http.get("status/502")).catch(() => null);
    await client.getResult<Ok>(client.http.get("code/404")).catch(() => null);
    expect(notices).toEqual([
      { kind: "status", status: 502, statusText: "Bad Gateway" },
      { kind: "status", status: 404, statusText: "Not Found" },
    ]);
  });

  it("stays quiet for statuses the screen handles", async () => {
    const { client, notices } = setup(null);
    const error = await client
      .getResult<Ok>(client.http.get("code/404"), { quietStatuses: [404] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, notified: false });
    expect(notices).toEqual([]);
  });

  it("fails loudly on a success answer that is not an envelope with a result", async () => {
    const { client, notices } = setup(null);
    for (const path of ["no-result", "not-json"]) {
      const error = await client.getResult<Ok>(client.http.get(path)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 200, notified: true });
    }
    expect(notices).toEqual([
      { kind: "unexpected", status: 200 },
      { kind: "unexpected", status: 200 },
    ]);
  });

  it("stays quiet when the request is aborted while its answer is being read", async () => {
    const { client, notices } = setup(null);
    const controller = new AbortController();
    const answer = client.getResult<Ok>(client.http.get("slow-body", { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const error = await answer.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(notices).toEqual([]);
  });

  it("answers the envelope's result as it came", async () => {
    const { client } = setup(null);
    expect(await client.getResult<Ok>(client.http.get("anything"))).toEqual({ ok: true });
  });
});
