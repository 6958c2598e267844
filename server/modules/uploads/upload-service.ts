/**
 * Signed upload policies and the storage endpoint's acceptance of a form posted under one. A form
 * is accepted when its policy is correctly signed, unexpired, issued to the signed-in user and not
 * used before, and its file is an image of a type the policy allows. The image is stored freshly
 * encoded (image-reencoding.ts) under a new random name in the policy's folder, whatever key the
 * form proposed, so a stored object is never replaced and its address never served stale.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { UploadPurpose } from "../../../contract/upload-rules.ts";
import type { UploadDone, UploadPolicy } from "../../../contract/uploads.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError, badRequest } from "../../errors.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { type ImageFormat, reencodeImage, startsAs } from "./image-reencoding.ts";
import { claimPolicy, purgeExpiredClaims } from "./spent-policies.ts";
import { issuePolicy, type PolicyLimits, readPolicy, UPLOAD_ACCESS_ID } from "./upload-policy.ts";

/** The multipart form as read: its text fields by name and its one file. */
export type UploadForm = { fields: Record<string, string>; file: Buffer | null };

/** What each content type a policy may allow is stored as. */
const FORMAT_OF_TYPE: Record<string, { format: ImageFormat; extension: string }> = {
  "image/png": { format: "png", extension: "png" },
  "image/jpeg": { format: "jpeg", extension: "jpg" },
  "image/gif": { format: "gif", extension: "gif" },
};

/** 128 random bits, hex: a stored name nobody can guess. */
const STORED_NAME_BYTES = 16;
/** Claims of expired policies are deleted at most this often, when an upload comes in. */
const PURGE_INTERVAL_MS = 60 * 1000;

export type UploadServiceDeps = {
  db: Kysely<Database>;
  storage: ObjectStorage;
  now: () => number;
  signingKey: Uint8Array;
};

export type UploadService = {
  policyFor(purpose: UploadPurpose, userId: number): UploadPolicy;
  /** Stores the form's image for `userId`; answers its new key and address. */
  accept(form: UploadForm, userId: number): Promise<UploadDone>;
};

function checkPolicy(
  limits: PolicyLimits | null,
  form: UploadForm,
  userId: number,
  now: number,
): PolicyLimits {
  if (!limits || form.fields.OSSAccessKeyId !== UPLOAD_ACCESS_ID)
    throw new ApiError(403, "the upload policy is not valid");
  if (limits.expiresAt <= now) throw new ApiError(403, "the upload policy has expired");
  if (limits.ownerId !== userId) throw new ApiError(403, "the upload policy was issued to another user");
  if (!(form.fields.key ?? "").startsWith(limits.dir))
    throw new ApiError(403, `the key must start with ${limits.dir}`);
  return limits;
}

type CheckedFile = { file: Buffer; type: string; format: ImageFormat; extension: string };

/** The file and its format, once its size, declared type and first bytes agree with the policy. */
function checkFile(limits: PolicyLimits, form: UploadForm): CheckedFile {
  const { file } = form;
  if (!file) throw badRequest("the form has no file");
  if (file.length > limits.maxBytes || file.length < limits.minBytes)
    throw badRequest(`the file must be ${limits.minBytes} to ${limits.maxBytes} bytes`);
  const type = form.fields["Content-Type"] ?? "";
  const expected = FORMAT_OF_TYPE[type];
  if (!limits.contentTypes.includes(type) || !expected)
    throw badRequest(`content type ${type || "(none)"} is not allowed`);
  if (!startsAs(file, expected.format)) throw badRequest(`the file is not an image of type ${type}`);
  return { file, type, ...expected };
}

export function uploadService(deps: UploadServiceDeps): UploadService {
  const { db, storage, now } = deps;
  let nextPurgeAt = 0;

  async function purgeExpired(at: number): Promise<void> {
    if (at < nextPurgeAt) return;
    nextPurgeAt = at + PURGE_INTERVAL_MS;
    await purgeExpiredClaims(db, at);
  }

  return {
    policyFor: (purpose, userId) => issuePolicy(deps.signingKey, purpose, userId, now()),

    async accept(form, userId) {
      const limits = checkPolicy(
        readPolicy(deps.signingKey, form.fields.policy ?? "", form.fields.signature ?? ""),
        form,
        userId,
        now(),
      );
      const { file, type, format, extension } = checkFile(limits, form);
      const image = await reencodeImage(file, format);
      const key = `${limits.dir}${randomBytes(STORED_NAME_BYTES).toString("hex")}.${extension}`;
      await purgeExpired(now());
      // The claim commits only with the stored file: a failed write leaves the policy unused.
      await db.transaction().execute(async (trx) => {
        if (!(await claimPolicy(trx, limits.id, limits.expiresAt)))
          throw new ApiError(403, "the upload policy has already been used");
        await storage.put(key, image, type);
      });
      return { key, url: storage.urlFor(key) };
    },
  };
}
