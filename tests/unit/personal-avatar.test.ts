import { describe, expect, it } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { ApiCodeError, ApiError } from "../../src/api/errors.ts";
import { type AvatarSteps, replaceAvatar } from "../../src/features/personal/avatarUpload.ts";
import { personalErrors as e } from "../../src/features/personal/messages.ts";

const policy: UploadPolicy = {
  host: "/v1/oss/upload",
  dir: "avatar/7/",
  policy: "cG9saWN5",
  accessid: "id",
  signature: "sig",
  expire: 2_000_000_000,
};

/** Steps that record what ran; `fail` names the step that throws `error`. */
function steps(fail?: { step: keyof AvatarSteps; error: unknown }) {
  const ran: string[] = [];
  const run = <T>(step: keyof AvatarSteps, detail: string, value: T): Promise<T> => {
    ran.push(`${step}:${detail}`);
    return fail?.step === step ? Promise.reject(fail.error) : Promise.resolve(value);
  };
  const all: AvatarSteps = {
    policy: () => run("policy", "avatar", policy),
    upload: (p) => run("upload", p.dir, `${p.dir}face.png`),
    save: (key) => run("save", key, "new-token"),
  };
  return { all, ran };
}

describe("replacing the avatar", () => {
  it("uploads under the policy, saves the key and answers the new token", async () => {
    const { all, ran } = steps();
    expect(await replaceAvatar(all)).toEqual({ kind: "saved", token: "new-token" });
    expect(ran).toEqual(["policy:avatar", "upload:avatar/7/", "save:avatar/7/face.png"]);
  });

  it.each<[string, keyof AvatarSteps, unknown, object, number]>([
    ["no upload policy", "policy", new ApiError("HTTP 500", 500, null, true), e.avatarOSSWrong, 1],
    ["the storage refusing the file", "upload", new TypeError("Failed to fetch"), e.uploadFailed, 2],
    ["no object under the key (400)", "save", new ApiError("HTTP 400", 400, 400, true), e.avatarNotExist, 3],
    ["the save failing otherwise", "save", new ApiCodeError(200, 1000, "system"), e.uploadFailed, 3],
  ])("stops at %s with its message", async (_, step, error, message, stepsRun) => {
    const { all, ran } = steps({ step, error });
    expect(await replaceAvatar(all)).toEqual({ kind: "refused", error: message });
    expect(ran).toHaveLength(stepsRun);
  });
});
