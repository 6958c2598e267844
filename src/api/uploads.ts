/**
 * Direct uploads (spec section 7, `GET /v1/oss/token`): a signed policy per purpose, reused until
 * 3 s before it expires, and the multipart form posted straight to the storage host it names.
 */
import ky from "ky";
import { SUCCESS_CODE } from "../../contract/errors.ts";
import {
  UPLOAD_FORM_FIELDS,
  UPLOAD_POLICY_REUSE_MARGIN_MS,
  type UploadPurpose,
} from "../../contract/upload-rules.ts";
import type { UploadDone, UploadPolicy } from "../../contract/uploads.ts";
import type { ApiClient } from "./client.ts";

export type PolicySource = (purpose: UploadPurpose) => Promise<UploadPolicy>;

/** Whether a policy may still be used at `now` (ms): it has at least the reuse margin left. */
export const policyUsable = (policy: UploadPolicy, now: number): boolean =>
  policy.expire * 1000 - now >= UPLOAD_POLICY_REUSE_MARGIN_MS;

/**
 * Keeps the last policy of each purpose and asks `source` again only when it is about to expire.
 * Callers asking at the same time share one request; a failed request is not kept.
 */
export function createPolicyCache(source: PolicySource, now: () => number): PolicySource {
  const held = new Map<UploadPurpose, UploadPolicy>();
  const pending = new Map<UploadPurpose, Promise<UploadPolicy>>();
  return (purpose) => {
    const policy = held.get(purpose);
    if (policy && policyUsable(policy, now())) return Promise.resolve(policy);
    const asked = pending.get(purpose);
    if (asked) return asked;
    const request = source(purpose)
      .then((fresh) => {
        held.set(purpose, fresh);
        return fresh;
      })
      .finally(() => pending.delete(purpose));
    pending.set(purpose, request);
    return request;
  };
}

export function fetchUploadPolicy(api: ApiClient, purpose: UploadPurpose): Promise<UploadPolicy> {
  return api.getResult<UploadPolicy>(api.http.get("oss/token", { searchParams: { oss_prefix: purpose } }));
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" };

/** The storage form: the key is the policy's folder, a fresh name and the type's extension. */
export function buildUploadForm(
  policy: UploadPolicy,
  file: Blob,
  name: string,
): { key: string; form: FormData } {
  const extension = EXTENSIONS[file.type];
  if (!extension) throw new Error(`cannot upload a file of type ${file.type || "unknown"}`);
  const key = `${policy.dir}${name}.${extension}`;
  const values: Record<(typeof UPLOAD_FORM_FIELDS)[number], string | Blob> = {
    key,
    policy: policy.policy,
    OSSAccessKeyId: policy.accessid,
    signature: policy.signature,
    "Content-Type": file.type,
    file,
  };
  const form = new FormData();
  for (const field of UPLOAD_FORM_FIELDS) form.append(field, values[field]);
  return { key, form };
}

/** The stored object's key from the local storage's `{ code: 0, msg, result: { key, url } }`. */
function uploadedKey(body: unknown): string {
  const answer = body as { code?: unknown; result?: Partial<UploadDone> | null } | null;
  const key = answer?.code === SUCCESS_CODE ? answer.result?.key : undefined;
  if (typeof key !== "string") throw new Error("the storage answered something other than an upload result");
  return key;
}

export type UploadOptions = {
  /** The object's name inside the policy's folder, without extension. */
  newName(): string;
  /** The fetch to post with; the browser's by default. */
  fetch?: typeof fetch;
};

/**
 * Posts `file` to the policy's host and answers the stored object's key. The local storage
 * answers the `{ code, msg, result }` envelope; an object store answers an empty 2xx.
 */
export async function uploadFile(policy: UploadPolicy, file: Blob, options: UploadOptions): Promise<string> {
  const { key, form } = buildUploadForm(policy, file, options.newName());
  const response = await ky.post(policy.host, {
    body: form,
    retry: 0,
    timeout: 60_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const text = await response.text();
  if (text === "") return key;
  return uploadedKey(JSON.parse(text));
}
