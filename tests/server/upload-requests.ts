/**
 * The upload flow's requests as the web client makes them against the local storage: a policy
 * from `/v1/oss/token`, the multipart form posted to the policy's host, and the avatar set to a
 * stored key.
 */
import sharp from "sharp";
import { expect } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import type { App } from "../../server/app.ts";
import { type AuthHarness, bearer, parse, type Reply } from "./auth-setup.ts";

export type UploadedFile = { bytes: Buffer; name: string; type: string };

/** A square PNG of one colour, `side` pixels wide. */
export const flatPng = (side: number): Promise<Buffer> =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#987444" } })
    .png()
    .toBuffer();

/** A browser's multipart form post: the fields, then the file when there is one. */
export async function multipart(fields: Record<string, string>, file: UploadedFile | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request("http://local/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** The form fields that upload the object `key` of content type `type` under `policy`. */
export function policyFields(policy: UploadPolicy, key: string, type: string): Record<string, string> {
  return {
    key,
    policy: policy.policy,
    OSSAccessKeyId: policy.accessid,
    signature: policy.signature,
    "Content-Type": type,
  };
}

/** A call with a query string as the holder of `token`. */
async function signedInCall(
  app: App,
  token: string,
  method: "GET" | "PUT",
  url: string,
  query: Record<string, string>,
): Promise<Reply> {
  return parse(await app.inject({ method, url, query, headers: bearer(token) }));
}

/** `GET /v1/oss/token` for `purpose` as the holder of `token`. */
export function askUploadPolicy(app: App, token: string, purpose: string): Promise<Reply> {
  return signedInCall(app, token, "GET", "/v1/oss/token", { oss_prefix: purpose });
}

/** A policy for `purpose` handed to the holder of `token`. */
export async function uploadPolicy(app: App, token: string, purpose: string): Promise<UploadPolicy> {
  const reply = await askUploadPolicy(app, token, purpose);
  expect(reply.code, reply.msg).toBe(0);
  return reply.result as UploadPolicy;
}

/** Posts a form to `host` (a policy's) as the holder of `token`, or anonymously when it is null. */
export async function postUpload(
  app: App,
  host: string,
  fields: Record<string, string>,
  file: UploadedFile | null,
  token: string | null,
): Promise<Reply> {
  const body = await multipart(fields, file);
  const headers = { ...body.headers, ...(token === null ? {} : bearer(token)) };
  return parse(await app.inject({ method: "POST", url: host, payload: body.payload, headers }));
}

/** Uploads `file` as `key` under a new policy for `purpose`; answers the stored key. */
export async function uploadFile(
  app: App,
  token: string,
  purpose: string,
  key: (policy: UploadPolicy) => string,
  file: UploadedFile,
): Promise<string> {
  const policy = await uploadPolicy(app, token, purpose);
  const fields = policyFields(policy, key(policy), file.type);
  const uploaded = await postUpload(app, policy.host, fields, file, token);
  expect(uploaded.code).toBe(0);
  return (uploaded.result as { key: string }).key;
}

/** Uploads a small PNG as a reader would, named `name` in the policy's folder; answers the stored key. */
export async function uploadPng(
  h: AuthHarness,
  token: string,
  purpose: "avatar" | "feedback",
  name: string,
  size = 8,
): Promise<string> {
  const file = { bytes: await flatPng(size), name, type: "image/png" };
  return uploadFile(h.app, token, purpose, (policy) => `${policy.dir}${name}`, file);
}

/** `PUT /v1/user/avatar`: the stored `key` as the avatar of the holder of `token`. */
export function putAvatar(app: App, token: string, key: string): Promise<Reply> {
  return signedInCall(app, token, "PUT", "/v1/user/avatar", { avatar: key });
}
