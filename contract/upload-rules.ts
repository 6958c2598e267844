/**
 * What may be uploaded and how (spec sections 5, 7 and 9): the purposes, each one's largest file
 * and accepted types, and the storage form's fields. A signed policy is good for one file, so the
 * client asks for a fresh one per upload rather than reusing one until shortly before it expires.
 */

export const UPLOAD_PURPOSES = ["avatar", "feedback", "article"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest file and accepted types per purpose (spec sections 5 and 9). */
export const UPLOAD_RULES: Record<UploadPurpose, { maxBytes: number; contentTypes: readonly string[] }> = {
  avatar: { maxBytes: 2 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg"] },
  feedback: { maxBytes: 5 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg", "image/gif"] },
  /** Article covers and pictures: administrators only. */
  article: { maxBytes: 5 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg", "image/gif"] },
};

/** Purposes only administrators get an upload policy for. */
export const ADMIN_UPLOAD_PURPOSES: readonly UploadPurpose[] = ["article"];

/**
 * The multipart fields of the storage POST, in this order, with `file` last. `key` is the name the
 * client proposes, checked against the policy's folder; the local storage stores the file under a
 * new name of its own in that folder and answers it.
 */
export const UPLOAD_FORM_FIELDS = [
  "key",
  "policy",
  "OSSAccessKeyId",
  "signature",
  "Content-Type",
  "file",
] as const;
