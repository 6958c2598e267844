import { describe, expect, it } from "vitest";
import {
  UPLOAD_FORM_FIELDS,
  UPLOAD_POLICY_REUSE_MARGIN_MS,
  type UploadPurpose,
} from "../../contract/upload-rules.ts";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { buildUploadForm, createPolicyCache, policyUsable, uploadFile } from "../../src/api/uploads.ts";

const T0 = 1_800_000_000_000;

function policyFor(purpose: UploadPurpose, expireMs: number, n: number): UploadPolicy {
  return {
    host: "https://storage.test/upload",
    dir: `${purpose}/1/`,
    policy: `p${n}`,
    accessid: "a",
    signature: "s",
    expire: expireMs / 1000,
  };
}

/** A policy source that issues policies valid for 60 s and records each purpose asked. */
function issuer(clock: { now: number }) {
  const issued: UploadPurpose[] = [];
  const source = async (purpose: UploadPurpose) => {
    issued.push(purpose);
    return policyFor(purpose, clock.now + 60_000, issued.length);
  };
  return { source, issued };
}

describe("upload policy reuse (spec section 9: renewed when under 3 s remain)", () => {
  it.each<[number, boolean]>([
    [10_000, true],
    [UPLOAD_POLICY_REUSE_MARGIN_MS, true],
    [UPLOAD_POLICY_REUSE_MARGIN_MS - 1, false],
    [0, false],
    [-5_000, false],
  ])("%i ms left → usable %s", (left, usable) => {
    expect(policyUsable(policyFor("avatar", T0 + left, 1), T0)).toBe(usable);
  });

  it("reuses a policy until under 3 s remain, per purpose", async () => {
    const clock = { now: T0 };
    const { source, issued } = issuer(clock);
    const policies = createPolicyCache(source, () => clock.now);
    const first = await policies("avatar");
    clock.now += 57_000;
    expect(await policies("avatar")).toBe(first);
    const feedback = await policies("feedback");
    expect(feedback.dir).toBe("feedback/1/");
    clock.now += 1;
    const renewed = await policies("avatar");
    expect(renewed).not.toBe(first);
    expect(await policies("avatar")).toBe(renewed);
    expect(issued).toEqual(["avatar", "feedback", "avatar"]);
  });

  it("shares one request between callers asking at the same time", async () => {
    const clock = { now: T0 };
    const { source, issued } = issuer(clock);
    const policies = createPolicyCache(source, () => clock.now);
    const [a, b] = await Promise.all([policies("avatar"), policies("avatar")]);
    expect(a).toBe(b);
    expect(issued).toEqual(["avatar"]);
  });

  it("does not keep a failed request", async () => {
    const clock = { now: T0 };
    let calls = 0;
    const policies = createPolicyCache(
      async (purpose) => {
        calls += 1;
        if (calls === 1) throw new Error("offline");
        return policyFor(purpose, clock.now + 60_000, calls);
      },
      () => clock.now,
    );
    await expect(policies("avatar")).rejects.toThrow("offline");
    expect((await policies("avatar")).policy).toBe("p2");
  });
});

describe("the storage form", () => {
  const policy = policyFor("avatar", T0 + 60_000, 1);

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

describe("posting to storage", () => {
  const policy = policyFor("avatar", T0 + 60_000, 1);
  const file = new Blob([new Uint8Array([255, 216, 255])], { type: "image/jpeg" });

  function storage(status: number, body: string) {
    const posted: { url: string; method: string; fields: string[] }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const form = await request.formData();
      posted.push({ url: request.url, method: request.method, fields: [...form.keys()] });
      return new Response(body === "" ? null : body, { status });
    };
    return { fetch, posted };
  }

  it("answers the key the local storage confirms", async () => {
    const { fetch, posted } = storage(
      200,
      JSON.stringify({
        code: 0,
        msg: "success",
        result: { key: "avatar/1/n.jpg", url: "/storage/avatar/1/n.jpg" },
      }),
    );
    expect(await uploadFile(policy, file, { newName: () => "n", fetch })).toBe("avatar/1/n.jpg");
    expect(posted).toEqual([{ url: policy.host, method: "POST", fields: [...UPLOAD_FORM_FIELDS] }]);
  });

  it("answers its own key when an object store replies with an empty 204", async () => {
    const { fetch } = storage(204, "");
    expect(await uploadFile(policy, file, { newName: () => "n", fetch })).toBe("avatar/1/n.jpg");
  });

  it("fails on a refusal or an answer that is not a success envelope", async () => {
    const refused = storage(403, JSON.stringify({ code: 403, msg: "expired", result: null }));
    await expect(uploadFile(policy, file, { newName: () => "n", fetch: refused.fetch })).rejects.toThrow();
    const odd = storage(200, JSON.stringify({ code: 1000, msg: "no", result: null }));
    await expect(uploadFile(policy, file, { newName: () => "n", fetch: odd.fetch })).rejects.toThrow();
  });
});
