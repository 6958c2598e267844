/**
 * Direct uploads (spec section 7, `GET /v1/oss/token`): a signed policy per purpose, reused until
 * 3 s before it expires, and the multipart form posted to the storage host it names.
 */
import ky from "ky";
import {
  UPLOAD_POLICY_REUSE_MARGIN_MS,
  type UploadPolicy,
  type UploadPurpose,
  uploadDoneResult,
  uploadPolicyResult,
} from "../../contract/uploads.ts";
import type { ApiClient } from "./client.ts";

export type PolicySource = (purpose: UploadPurpose) => Promise<UploadPolicy>;

export function createPolicyCache(source: PolicySource, now: () => number): PolicySource {
  const cached = new Map<UploadPurpose, UploadPolicy>();
  return async (purpose) => {
    const held = cached.get(purpose);
    if (held && held.expire * 1000 - now() > UPLOAD_POLICY_REUSE_MARGIN_MS) return held;
    const fresh = await source(purpose);
    cached.set(purpose, fresh);
    return fresh;
  };
}

export function fetchUploadPolicy(api: ApiClient, purpose: UploadPurpose): Promise<UploadPolicy> {
  return api.getResult(
    uploadPolicyResult,
    api.http.get("oss/token", { searchParams: { oss_prefix: purpose } }),
  );
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" };

/** Posts `file` under the policy's folder with a fresh name; answers the stored object's key. */
export async function uploadFile(policy: UploadPolicy, file: Blob, newName: () => string): Promise<string> {
  const extension = EXTENSIONS[file.type];
  if (!extension) throw new Error(`cannot upload a file of type ${file.type || "unknown"}`);
  const key = `${policy.dir}${newName()}.${extension}`;
  const form = new FormData();
  form.append("key", key);
  form.append("policy", policy.policy);
  form.append("OSSAccessKeyId", policy.accessid);
  form.append("signature", policy.signature);
  form.append("Content-Type", file.type);
  form.append("file", file);
  const body = await ky
    .post(policy.host, { body: form, credentials: "include", retry: 0, timeout: 60_000 })
    .json();
  const done = uploadDoneResult.parse((body as { result?: unknown }).result);
  return done.key;
}
