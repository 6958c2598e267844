/**
 * Direct uploads (spec section 7, `GET /v1/oss/token`): a signed policy asked for each upload (a
 * policy is good for one file), and the multipart form posted straight to the storage host it
 * names. This app's own storage endpoint takes the form only with the reader's token, so a form
 * for a host on the page's origin goes through the API client, which sends the token and renews
 * it once on 401; a host elsewhere (an object store) gets the form without it. A policy with
 * `fields` is an object store's presigned POST: its fields are posted as they are, and the upload
 * is then confirmed with the server, which answers the key of the image it stored.
 */
import ky from "ky";
import { SUCCESS_CODE } from "../../contract/errors.ts";
import { UPLOAD_FORM_FIELDS, type UploadPurpose } from "../../contract/upload-rules.ts";
import type { UploadDone, UploadPolicy } from "../../contract/uploads.ts";
import type { ApiClient } from "./client.ts";

const UPLOAD_TIMEOUT_MS = 60_000;

export function fetchUploadPolicy(api: ApiClient, purpose: UploadPurpose): Promise<UploadPolicy> {
  return api.getResult<UploadPolicy>(api.http.get("oss/token", { searchParams: { oss_prefix: purpose } }));
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" };

/** The key a file is uploaded under: the policy's folder, a fresh name and the type's extension. */
function uploadKey(policy: UploadPolicy, file: Blob, name: string): string {
  const extension = EXTENSIONS[file.type];
  if (!extension) throw new Error(`cannot upload a file of type ${file.type || "unknown"}`);
  return `${policy.dir}${name}.${extension}`;
}

/** The storage form: the key is the policy's folder, a fresh name and the type's extension. */
export function buildUploadForm(
  policy: UploadPolicy,
  file: Blob,
  name: string,
): { key: string; form: FormData } {
  const key = uploadKey(policy, file, name);
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

/** An object store's presigned form: its own fields, then the key under `dir`, the type and the file. */
export function buildPresignedForm(
  policy: UploadPolicy,
  fields: Record<string, string>,
  file: Blob,
  name: string,
): { key: string; form: FormData } {
  const key = uploadKey(policy, file, name);
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("key", key);
  form.append("Content-Type", file.type);
  // The store reads every field before the file: the file goes last.
  form.append("file", file);
  return { key, form };
}

/** The stored object from the local storage's `{ code: 0, msg, result: { key, url } }`. */
function uploadedObject(body: unknown): UploadDone {
  const answer = body as { code?: unknown; result?: Partial<UploadDone> | null } | null;
  const done = answer?.code === SUCCESS_CODE ? answer.result : undefined;
  if (typeof done?.key !== "string" || typeof done.url !== "string")
    throw new Error("the storage answered something other than an upload result");
  return { key: done.key, url: done.url };
}

/** The host's address, a root-relative one taken on the page's origin. */
function hostUrl(host: string): URL {
  return new URL(host, typeof location === "undefined" ? undefined : location.href);
}

const isPageOrigin = (url: URL): boolean => typeof location !== "undefined" && url.origin === location.origin;

export type UploadOptions = {
  /** The name proposed for the object inside the policy's folder, without extension. */
  newName(): string;
};

/**
 * Posts `file` under `policy` and answers the stored object's key and address. The local storage
 * answers the `{ code, msg, result }` envelope with the key it chose and its address; an object
 * store answers an empty 2xx, keeps the proposed key and serves it under its host.
 */
export async function uploadObject(
  api: ApiClient,
  policy: UploadPolicy,
  file: Blob,
  options: UploadOptions,
): Promise<UploadDone> {
  if (policy.fields) return uploadPresigned(api, policy, policy.fields, file, options);
  const { key, form } = buildUploadForm(policy, file, options.newName());
  const url = hostUrl(policy.host);
  const request = { body: form, timeout: UPLOAD_TIMEOUT_MS };
  const response = isPageOrigin(url)
    ? await api.http.post(url.href, { ...request, prefixUrl: "" })
    : await ky.post(url.href, { ...request, retry: 0, throwHttpErrors: false });
  if (!response.ok) throw new Error(`the storage refused the upload: HTTP ${response.status}`);
  const text = await response.text();
  if (text === "") return { key, url: new URL(key, url.href.endsWith("/") ? url : `${url.href}/`).href };
  return uploadedObject(JSON.parse(text));
}

/** Posts the presigned form to the object store, then has the server check and store the upload. */
async function uploadPresigned(
  api: ApiClient,
  policy: UploadPolicy,
  fields: Record<string, string>,
  file: Blob,
  options: UploadOptions,
): Promise<UploadDone> {
  const { key, form } = buildPresignedForm(policy, fields, file, options.newName());
  const response = await ky.post(hostUrl(policy.host).href, {
    body: form,
    timeout: UPLOAD_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
  });
  if (!response.ok) throw new Error(`the storage refused the upload: HTTP ${response.status}`);
  const confirmation = { key, policy: policy.policy, signature: policy.signature };
  return api.getResult<UploadDone>(api.http.post("oss/confirm", { json: confirmation }));
}

/** Posts `file` under `policy` and answers the stored object's key. */
export async function uploadFile(
  api: ApiClient,
  policy: UploadPolicy,
  file: Blob,
  options: UploadOptions,
): Promise<string> {
  return (await uploadObject(api, policy, file, options)).key;
}

/** Asks a policy for this one file and uploads it; answers the stored object's key. */
export async function uploadWithNewPolicy(
  api: ApiClient,
  purpose: UploadPurpose,
  file: Blob,
  options: UploadOptions,
): Promise<string> {
  return uploadFile(api, await fetchUploadPolicy(api, purpose), file, options);
}
