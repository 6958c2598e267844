/**
 * Signed upload policies and the acceptance of a file uploaded under one. A file is accepted when
 * its policy is correctly signed, unexpired, issued to the signed-in user and not used before, and
 * it is an image of a type the policy allows. The image is stored freshly encoded
 * (image-reencoding.ts) under a new random name in the policy's folder, whatever key the form
 * proposed, so a stored object is never replaced and its address never served stale.
 *
 * On local storage the form is posted to this server. On an object store the browser posts it
 * straight to the store under a presigned policy with the same conditions, into a staging folder
 * of its own (`incoming/…`, never served), and then confirms the upload: the server checks the
 * object's size and type, reads and re-encodes it as above, and deletes the staged object whether
 * it was accepted or refused.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { UploadPurpose } from "../../../contract/upload-rules.ts";
import type { UploadConfirm, UploadDone, UploadPolicy } from "../../../contract/uploads.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { assertStorageKey, type ObjectStorage, type PresignedAccess } from "../../storage/storage.ts";
import { type ImageFormat, reencodeImage, startsAs } from "./image-reencoding.ts";
import { claimPolicy, purgeExpiredClaims } from "./spent-policies.ts";
import {
  issuePolicy,
  type PolicyLimits,
  readPolicy,
  UPLOAD_ACCESS_ID,
  UPLOAD_POLICY_TTL_MS,
} from "./upload-policy.ts";

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
/** Where files posted straight to an object store wait for their confirmation. */
export const STAGING_FOLDER = "incoming";
/** How long after its policy expires an upload posted straight to the store may be confirmed. */
export const CONFIRM_GRACE_MS = 10 * 60 * 1000;
/** Every type the rules allow is an image; the store checks this prefix, the server the exact type. */
const UPLOAD_TYPE_PREFIX = "image/";

export type UploadServiceDeps = {
  db: Kysely<Database>;
  storage: ObjectStorage;
  now: () => number;
  signingKey: Uint8Array;
};

export type UploadService = {
  /** Whether files go straight to the object store and are confirmed afterwards. */
  readonly direct: boolean;
  policyFor(purpose: UploadPurpose, userId: number): Promise<UploadPolicy>;
  /** Stores the form's image for `userId`; answers its new key and address. */
  accept(form: UploadForm, userId: number): Promise<UploadDone>;
  /** Checks and stores the image posted straight to the object store; answers its new key and address. */
  confirm(upload: UploadConfirm, userId: number): Promise<UploadDone>;
};

/** The staging folder of one policy's upload. */
export const stagingDir = (limits: Pick<PolicyLimits, "dir" | "id">): string =>
  `${STAGING_FOLDER}/${limits.dir}${limits.id}/`;

function checkPolicy(limits: PolicyLimits | null, userId: number, now: number, graceMs = 0): PolicyLimits {
  if (!limits) throw new ApiError(403, "the upload policy is not valid");
  if (limits.expiresAt + graceMs <= now) throw new ApiError(403, "the upload policy has expired");
  if (limits.ownerId !== userId) throw new ApiError(403, "the upload policy was issued to another user");
  return limits;
}

type CheckedFile = { file: Buffer; type: string; format: ImageFormat; extension: string };

const checkSize = (limits: PolicyLimits, size: number): void => {
  if (size > limits.maxBytes || size < limits.minBytes)
    throw badRequest(`the file must be ${limits.minBytes} to ${limits.maxBytes} bytes`);
};

const checkType = (limits: PolicyLimits, type: string) => {
  const expected = FORMAT_OF_TYPE[type];
  if (!limits.contentTypes.includes(type) || !expected)
    throw badRequest(`content type ${type || "(none)"} is not allowed`);
  return expected;
};

/** The file and its format, once its size, declared type and first bytes agree with the policy. */
function checkFile(limits: PolicyLimits, file: Buffer | null, type: string): CheckedFile {
  if (!file) throw badRequest("the form has no file");
  checkSize(limits, file.length);
  const expected = checkType(limits, type);
  if (!startsAs(file, expected.format)) throw badRequest(`the file is not an image of type ${type}`);
  return { file, type, ...expected };
}

export function uploadService(deps: UploadServiceDeps): UploadService {
  const { db, storage, now } = deps;
  const presigned: PresignedAccess | undefined = storage.presigned;
  let nextPurgeAt = 0;

  async function purgeExpired(at: number): Promise<void> {
    if (at < nextPurgeAt) return;
    nextPurgeAt = at + PURGE_INTERVAL_MS;
    await purgeExpiredClaims(db, at);
  }

  /** Re-encodes the checked file and stores it under a new name, using up the policy. */
  async function store(limits: PolicyLimits, checked: CheckedFile, claimUntil: number): Promise<UploadDone> {
    const image = await reencodeImage(checked.file, checked.format);
    const key = `${limits.dir}${randomBytes(STORED_NAME_BYTES).toString("hex")}.${checked.extension}`;
    await purgeExpired(now());
    // The claim commits only with the stored file: a failed write leaves the policy unused.
    await db.transaction().execute(async (trx) => {
      if (!(await claimPolicy(trx, limits.id, claimUntil)))
        throw new ApiError(403, "the upload policy has already been used");
      await storage.put(key, image, checked.type);
    });
    return { key, url: storage.urlFor(key) };
  }

  /** The staged object's storage key, once the posted key lies in the policy's staging folder. */
  function stagedKey(access: PresignedAccess, limits: PolicyLimits, posted: string): string {
    const folder = stagingDir(limits);
    const prefix = access.objectKey(folder);
    if (!posted.startsWith(prefix)) throw new ApiError(403, `the key must start with ${prefix}`);
    const key = `${folder}${posted.slice(prefix.length)}`;
    try {
      assertStorageKey(key);
    } catch {
      throw badRequest(`not a storage key: ${posted}`);
    }
    return key;
  }

  /** Checks and stores the staged object; refuses with 400 what breaks the policy's rules. */
  async function acceptStaged(access: PresignedAccess, limits: PolicyLimits, key: string) {
    const head = await access.head(key);
    if (!head) throw badRequest("nothing was uploaded under the key");
    checkSize(limits, head.size);
    checkType(limits, head.contentType);
    const file = await storage.get(key);
    return store(limits, checkFile(limits, file, head.contentType), limits.expiresAt + CONFIRM_GRACE_MS);
  }

  return {
    direct: presigned !== undefined,

    async policyFor(purpose, userId) {
      const issued = issuePolicy(deps.signingKey, purpose, userId, now());
      if (!presigned) return issued.policy;
      const dir = stagingDir(issued.limits);
      const form = await presigned.presignPost({
        keyPrefix: dir,
        maxBytes: issued.limits.maxBytes,
        typePrefix: UPLOAD_TYPE_PREFIX,
        expiresInSeconds: Math.floor(UPLOAD_POLICY_TTL_MS / 1000),
      });
      return { ...issued.policy, host: form.url, dir: presigned.objectKey(dir), fields: form.fields };
    },

    async accept(form, userId) {
      if (presigned) throw badRequest("uploads go straight to the object store, then to /v1/oss/confirm");
      const signed = readPolicy(deps.signingKey, form.fields.policy ?? "", form.fields.signature ?? "");
      const limits = checkPolicy(
        form.fields.OSSAccessKeyId === UPLOAD_ACCESS_ID ? signed : null,
        userId,
        now(),
      );
      if (!(form.fields.key ?? "").startsWith(limits.dir))
        throw new ApiError(403, `the key must start with ${limits.dir}`);
      const checked = checkFile(limits, form.file, form.fields["Content-Type"] ?? "");
      return store(limits, checked, limits.expiresAt);
    },

    async confirm(upload, userId) {
      if (!presigned) throw badRequest("uploads to this storage are posted to /v1/oss/upload");
      const limits = checkPolicy(
        readPolicy(deps.signingKey, upload.policy, upload.signature),
        userId,
        now(),
        CONFIRM_GRACE_MS,
      );
      const key = stagedKey(presigned, limits, upload.key);
      try {
        return await acceptStaged(presigned, limits, key);
      } finally {
        // Accepted, it was stored anew; refused, it must not stay: either way the staged copy goes.
        // One the store fails to delete is cleared by its expiry rule on the staging folder.
        await storage.remove?.(key).catch(() => undefined);
      }
    },
  };
}
