import { describe, expect, it } from "vitest";
import type { UploadPolicy, UploadPurpose } from "../../contract/uploads.ts";
import { createPolicyCache } from "../../src/api/uploads.ts";

describe("upload policy cache", () => {
  it("reuses a policy until 3 s before it expires, per purpose", async () => {
    const clock = { now: 1_000_000 };
    const issued: UploadPurpose[] = [];
    const source = async (purpose: UploadPurpose): Promise<UploadPolicy> => {
      issued.push(purpose);
      return {
        host: "/v1/oss/upload",
        dir: `${purpose}/1/`,
        policy: `p${issued.length}`,
        accessid: "a",
        signature: "s",
        expire: Math.floor((clock.now + 60_000) / 1000),
      };
    };
    const policies = createPolicyCache(source, () => clock.now);
    const first = await policies("avatar");
    clock.now += 56_000;
    expect(await policies("avatar")).toBe(first);
    await policies("feedback");
    clock.now += 1_500;
    const renewed = await policies("avatar");
    expect(renewed).not.toBe(first);
    expect(issued).toEqual(["avatar", "feedback", "avatar"]);
  });
});
