/**
 * Direct uploads to object storage (spec section 7, `GET /v1/oss/token`): the server hands out a
 * signed POST policy; the client posts the file straight to `host` as a multipart form with the
 * fields below, then tells the API the object's key (for an avatar, `PUT /v1/user/avatar?avatar`).
 */
import { z } from "zod";

export const UPLOAD_PURPOSES = ["avatar", "feedback"] as const;
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** Largest file and accepted types per purpose (spec sections 5 and 9). */
export const UPLOAD_RULES: Record<UploadPurpose, { maxBytes: number; contentTypes: readonly string[] }> = {
  avatar: { maxBytes: 2 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg"] },
  feedback: { maxBytes: 5 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg", "image/gif"] },
};

/** A policy is reused until this many milliseconds before it expires. */
export const UPLOAD_POLICY_REUSE_MARGIN_MS = 3000;

export const uploadTokenQuery = z.object({ oss_prefix: uploadPurposeSchema });

export const uploadPolicyResult = z.object({
  /** Absolute or root-relative address the form is posted to. */
  host: z.string(),
  /** Key prefix the upload must use, ending in a slash (`avatar/17/`). */
  dir: z.string(),
  /** Base64 JSON policy: expiry and conditions (key prefix, size range, content type). */
  policy: z.string(),
  accessid: z.string(),
  /** Base64 HMAC-SHA256 of `policy`. */
  signature: z.string(),
  /** Expiry, seconds since the epoch. */
  expire: z.number().int(),
});
export type UploadPolicy = z.infer<typeof uploadPolicyResult>;

/** The multipart fields of the storage POST, in this order, with `file` last. */
export const UPLOAD_FORM_FIELDS = [
  "key",
  "policy",
  "OSSAccessKeyId",
  "signature",
  "Content-Type",
  "file",
] as const;

export const uploadDoneResult = z.object({ key: z.string(), url: z.string() });

export const avatarQuery = z.object({ avatar: z.string().min(1).max(300) });
