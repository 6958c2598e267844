/**
 * Direct uploads to object storage (spec section 7, `GET /v1/oss/token`): the server hands out a
 * signed POST policy; the client posts the file straight to `host` as a multipart form with the
 * fields of upload-rules.ts, then tells the API the object's key (for an avatar,
 * `PUT /v1/user/avatar?avatar`). The local storage (`host` on this server) accepts one file per
 * policy, only with the Bearer token of the user it was issued to; it stores the image freshly
 * encoded, without its metadata, under a new random name, and answers that key. An object store
 * takes the form under its own presigned policy (`fields`); the upload is then confirmed with the
 * server, which checks and re-encodes it the same way and answers the key of the stored image.
 */
import { z } from "zod";
import { UPLOAD_PURPOSES } from "./upload-rules.ts";

export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export type { UploadPurpose } from "./upload-rules.ts";

export const uploadTokenQuery = z.object({ oss_prefix: uploadPurposeSchema });

export const uploadPolicyResult = z.object({
  /** Absolute or root-relative address the form is posted to. */
  host: z.string(),
  /** Key prefix the upload must use, ending in a slash (`avatar/17/`). */
  dir: z.string(),
  /** Base64 JSON policy: a random id, expiry and conditions (key prefix, size range, content type). */
  policy: z.string(),
  accessid: z.string(),
  /** Base64 HMAC-SHA256 of `policy`. */
  signature: z.string(),
  /** Expiry, seconds since the epoch. */
  expire: z.number().int(),
  /**
   * Present when `host` is an object store taking a presigned POST: the form's fields, posted as
   * they are with `key` (under `dir`), `Content-Type` and the file; the upload is then confirmed
   * at `POST /v1/oss/confirm`. Absent for this server's own storage endpoint.
   */
  fields: z.record(z.string(), z.string()).optional(),
});
export type UploadPolicy = z.infer<typeof uploadPolicyResult>;

/** The stored object: its key (the policy's folder and a new random name) and its address. */
export const uploadDoneResult = z.object({ key: z.string(), url: z.string() });
export type UploadDone = z.infer<typeof uploadDoneResult>;

/** `POST /v1/oss/confirm`: the key posted to the object store, and the policy it was posted under. */
export const uploadConfirmBody = z.object({
  key: z.string().min(1).max(1024),
  policy: z.string().min(1).max(8192),
  signature: z.string().min(1).max(256),
});
export type UploadConfirm = z.infer<typeof uploadConfirmBody>;

export const avatarQuery = z.object({ avatar: z.string().min(1).max(300) });
