/**
 * Replacing the avatar (spec sections 5 and 8): the upload policy, the file posted to storage,
 * then `PUT /v1/user/avatar` with its key. Each step that fails has its own message.
 */
import type { UploadPolicy } from "../../../contract/uploads.ts";
import { ApiError } from "../../api/errors.ts";
import type { Check } from "../account/validation.ts";
import { personalErrors as e } from "./messages.ts";

export type AvatarSteps = {
  policy(): Promise<UploadPolicy>;
  /** Posts the file under the policy; answers the object's key. */
  upload(policy: UploadPolicy): Promise<string>;
  /** Makes the key the avatar; answers the new access token. */
  save(key: string): Promise<string>;
};

export type AvatarOutcome = { kind: "saved"; token: string } | { kind: "refused"; error: NonNullable<Check> };

async function attempt<T>(
  step: () => Promise<T>,
  refusal: (error: unknown) => NonNullable<Check>,
): Promise<{ ok: true; value: T } | { ok: false; error: NonNullable<Check> }> {
  try {
    return { ok: true, value: await step() };
  } catch (error) {
    return { ok: false, error: refusal(error) };
  }
}

export async function replaceAvatar(steps: AvatarSteps): Promise<AvatarOutcome> {
  const policy = await attempt(steps.policy, () => e.avatarOSSWrong);
  if (!policy.ok) return { kind: "refused", error: policy.error };
  const key = await attempt(
    () => steps.upload(policy.value),
    () => e.uploadFailed,
  );
  if (!key.ok) return { kind: "refused", error: key.error };
  // The server answers 400 when no uploaded object is found under the key.
  const token = await attempt(
    () => steps.save(key.value),
    (error) => (error instanceof ApiError && error.status === 400 ? e.avatarNotExist : e.uploadFailed),
  );
  return token.ok ? { kind: "saved", token: token.value } : { kind: "refused", error: token.error };
}
