/**
 * What may be uploaded and how (spec sections 5, 7 and 9): the purposes, each one's largest file
 * and accepted types, the reuse margin of a signed policy and the storage form's fields.
 */

export const UPLOAD_PURPOSES = ["avatar", "feedback"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest file and accepted types per purpose (spec sections 5 and 9). */
export const UPLOAD_RULES: Record<UploadPurpose, { maxBytes: number; contentTypes: readonly string[] }> = {
  avatar: { maxBytes: 2 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg"] },
  feedback: { maxBytes: 5 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg", "image/gif"] },
};

/** A policy is reused until this many milliseconds before it expires. */
export const UPLOAD_POLICY_REUSE_MARGIN_MS = 3000;

/** The multipart fields of the storage POST, in this order, with `file` last. */
export const UPLOAD_FORM_FIELDS = [
  "key",
  "policy",
  "OSSAccessKeyId",
  "signature",
  "Content-Type",
  "file",
] as const;
