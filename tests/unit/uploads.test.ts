import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_FORM_FIELDS, type UploadPurpose } from "../../contract/upload-rules.ts";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { createApiClient, type TokenStore } from "../../src/api/client.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import { buildUploadForm, uploadFile, uploadObject, uploadWithNewPolicy } from "../../src/api/uploads.ts";

const PAGE = "https://app.test/personal";
const OBJECT_STORE = "https://storage.test/upload";

function policyFor(purpose: UploadPurpose, host: string, n: number): UploadPolicy {
  return {
    host,
    dir: `${purpose}/1/`,
    policy: `p${n}`,
    accessid: "a",
    signature: "s",
    expire: 2_000_000_000,
  };
}

const envelope = (code: number, msg: string, result: unknown, status = code === 0 ? 200 : code) =>
  new Response(JSON.stringify({ code, msg, result }), {
    status,
    headers: { "content-type": "application/json" },
  });

type Posted = { url: string; authorization: string | null; fields: Record<string, string> };

/**
 * The page's own server (policies, the storage endpoint taking only the token "fresh" unless told
 * otherwise, token renewal) and an object store elsewhere, as one fetch.
 */
function servers(options: { acceptedToken?: string; storage?: () => Response } = {}) {
  const accepted = options.acceptedToken ?? "fresh";
  const policies: string[] = [];
  const posted: Posted[] = [];
  let refreshes = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const authorization = request.headers.get("authorization");
    if (url.pathname === "/v1/oss/token") {
      const purpose = url.searchParams.get("oss_prefix") as UploadPurpose;
      policies.push(purpose);
      return envelope(0, "success", policyFor(purpose, "/v1/oss/upload", policies.length));
    }
    if (url.pathname === "/v1/refresh_token") {
      refreshes += 1;
      return envelope(0, "success", { access_token: accepted, token_type: "bearer" });
    }
    const form = await request.formData();
    const fields = Object.fromEntries(
      [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : "(file)"]),
    );
    posted.push({ url: request.url, authorization, fields });
    if (options.storage) return options.storage();
    if (authorization !== `Bearer ${accepted}`) return envelope(401, "not signed in", null);
    const key = `${fields.key?.split("/").slice(0, 2).join("/")}/stored-${posted.length}.jpg`;
    return envelope(0, "success", { key, url: `/storage/${key}` });
  };
  return { fetch, policies, posted, refreshes: () => refreshes };
}

function memoryTokens(initial: string): TokenStore {
  let value: string | null = initial;
  return {
    get: () => value,
    set: (token) => {
      value = token;
    },
    clear: () => {
      value = null;
    },
  };
}

function apiClient(token: string) {
  const events = createEmitter<ApiEvents>();
  const tokens = memoryTokens(token);
  return {
    api: createApiClient({ prefixUrl: "https://app.test/v1", tokens, events, timeZone: () => "UTC" }),
    tokens,
  };
}

const jpeg = new Blob([new Uint8Array([255, 216, 255])], { type: "image/jpeg" });

beforeEach(() => {
  vi.stubGlobal("location", new URL(PAGE));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the storage form", () => {
  const policy = policyFor("avatar", "/v1/oss/upload", 1);

  it("names the object under the policy's folder with the type's extension, fields in order", () => {
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    const { key, form } = buildUploadForm(policy, file, "f00d");
    expect(key).toBe("avatar/1/f00d.png");
    expect([...form.keys()]).toEqual([...UPLOAD_FORM_FIELDS]);
    expect(form.get("key")).toBe(key);
    expect(form.get("policy")).toBe("p1");
    expect(form.get("OSSAccessKeyId")).toBe("a");
    expect(form.get("signature")).toBe("s");
    expect(form.get("Content-Type")).toBe("image/png");
    expect(form.get("file")).toBeInstanceOf(Blob);
    expect(buildUploadForm(policy, new Blob(["x"], { type: "image/jpeg" }), "n").key).toBe("avatar/1/n.jpg");
  });

  it("refuses a type it has no extension for", () => {
    expect(() => buildUploadForm(policy, new Blob(["x"], { type: "text/plain" }), "n")).toThrow();
  });
});

describe("posting to this app's storage", () => {
  const policy = policyFor("avatar", "/v1/oss/upload", 1);

  it("sends the reader's token with the form and answers the key the storage chose", async () => {
    const server = servers();
    vi.stubGlobal("fetch", server.fetch);
    const { api } = apiClient("fresh");
    expect(await uploadObject(api, policy, jpeg, { newName: () => "n" })).toEqual({
      key: "avatar/1/stored-1.jpg",
      url: "/storage/avatar/1/stored-1.jpg",
    });
    expect(server.posted).toEqual([
      {
        url: "https://app.test/v1/oss/upload",
        authorization: "Bearer fresh",
        fields: {
          key: "avatar/1/n.jpg",
          policy: "p1",
          OSSAccessKeyId: "a",
          signature: "s",
          "Content-Type": "image/jpeg",
          file: "(file)",
        },
      },
    ]);
  });

  it("renews an expired token once and posts the form again", async () => {
    const server = servers();
    vi.stubGlobal("fetch", server.fetch);
    const { api, tokens } = apiClient("stale");
    expect(await uploadFile(api, policy, jpeg, { newName: () => "n" })).toBe("avatar/1/stored-2.jpg");
    expect(server.refreshes()).toBe(1);
    expect(tokens.get()).toBe("fresh");
    expect(server.posted.map((p) => [p.authorization, p.fields.policy, p.fields.file])).toEqual([
      ["Bearer stale", "p1", "(file)"],
      ["Bearer fresh", "p1", "(file)"],
    ]);
  });

  it("fails on a refusal or an answer that is not a success envelope", async () => {
    const { api } = apiClient("fresh");
    vi.stubGlobal("fetch", servers({ storage: () => envelope(403, "used", null) }).fetch);
    await expect(uploadFile(api, policy, jpeg, { newName: () => "n" })).rejects.toThrow(/403/);
    vi.stubGlobal("fetch", servers({ storage: () => envelope(1000, "no", null, 200) }).fetch);
    await expect(uploadFile(api, policy, jpeg, { newName: () => "n" })).rejects.toThrow();
  });

  it("asks a new policy for every upload, one at a time or at once", async () => {
    const server = servers();
    vi.stubGlobal("fetch", server.fetch);
    const { api } = apiClient("fresh");
    const upload = () => uploadWithNewPolicy(api, "feedback", jpeg, { newName: () => "n" });
    await upload();
    await Promise.all([upload(), upload()]);
    expect(server.policies).toEqual(["feedback", "feedback", "feedback"]);
    expect(server.posted.map((p) => p.fields.policy).sort()).toEqual(["p1", "p2", "p3"]);
  });
});

describe("posting to an object store elsewhere", () => {
  const policy = policyFor("avatar", OBJECT_STORE, 1);

  it("never sends the reader's token there, and keeps its own key on an empty 204", async () => {
    const server = servers({ storage: () => new Response(null, { status: 204 }) });
    vi.stubGlobal("fetch", server.fetch);
    const { api } = apiClient("fresh");
    expect(await uploadFile(api, policy, jpeg, { newName: () => "n" })).toBe("avatar/1/n.jpg");
    expect(server.posted.map((p) => [p.url, p.authorization])).toEqual([[OBJECT_STORE, null]]);
  });

  it("answers the object's address under the store's host", async () => {
    vi.stubGlobal("fetch", servers({ storage: () => new Response(null, { status: 204 }) }).fetch);
    const { api } = apiClient("fresh");
    expect(await uploadObject(api, policy, jpeg, { newName: () => "n" })).toEqual({
      key: "avatar/1/n.jpg",
      url: `${OBJECT_STORE}/avatar/1/n.jpg`,
    });
  });
});
