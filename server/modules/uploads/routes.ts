/**
 * `GET /v1/oss/token` (a signed upload policy), the storage endpoint the form is posted to, and
 * `PUT /v1/user/avatar` (spec section 7).
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import sharp from "sharp";
import { tokenResult } from "../../../contract/accounts.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { UPLOAD_RULES } from "../../../contract/upload-rules.ts";
import {
  avatarQuery,
  uploadDoneResult,
  uploadPolicyResult,
  uploadTokenQuery,
} from "../../../contract/uploads.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { requireUser, signedIn } from "../../plugins/auth.ts";
import { assertStorageKey } from "../../storage/storage.ts";
import { currentUser } from "../auth/profile.ts";
import { sendSession } from "../auth/session-cookie.ts";
import { startSession } from "../auth/sign-in.ts";
import { updateUser } from "../auth/user-repository.ts";
import { issuePolicy, readPolicy, UPLOAD_ACCESS_ID, uploadSigningKey } from "./upload-policy.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes));

/** What the file's bytes are, for each content type a policy may allow. */
const FORMAT_OF_TYPE: Record<string, { format: string; extensions: string[] }> = {
  "image/png": { format: "png", extensions: ["png"] },
  "image/jpeg": { format: "jpeg", extensions: ["jpg", "jpeg"] },
  "image/gif": { format: "gif", extensions: ["gif"] },
};

type UploadForm = { fields: Record<string, string>; file: Buffer | null };

const isMultipartLimit = (error: unknown): error is Error & { statusCode: number } =>
  error instanceof Error &&
  "statusCode" in error &&
  typeof error.statusCode === "number" &&
  error.statusCode >= 400 &&
  error.statusCode < 500;

async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (form.file !== null) throw badRequest("one file per upload");
        form.file = await part.toBuffer();
      } else if (typeof part.value === "string") {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The parser's own limits (file size, field count) answer 413; this endpoint answers 400.
    if (error instanceof ApiError || !isMultipartLimit(error)) throw error;
    if (error.statusCode === 413 && /file too large/.test(error.message))
      throw badRequest(`the file is larger than ${LARGEST_UPLOAD} bytes`);
    throw badRequest(`unreadable upload form: ${error.message}`);
  }
  return form;
}

async function imageFormat(bytes: Buffer): Promise<string | null> {
  try {
    return (await sharp(bytes).metadata()).format ?? null;
  } catch {
    return null;
  }
}

export async function registerUploadRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = app.auth;
  const storage = app.deps.storage;
  const policyKey = uploadSigningKey(ctx.secret);

  app.get(
    "/oss/token",
    {
      preHandler: requireUser,
      schema: {
        tags: ["uploads"],
        querystring: uploadTokenQuery,
        response: { 200: envelope(uploadPolicyResult), ...errors },
      },
    },
    async (request) => ok(issuePolicy(policyKey, request.query.oss_prefix, signedIn(request).id, ctx.now())),
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10, fieldSize: 8192 },
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/oss/upload",
        { schema: { tags: ["uploads"], response: { 200: envelope(uploadDoneResult), ...errors } } },
        async (request) => {
          if (!request.isMultipart()) throw badRequest("the upload must be multipart/form-data");
          const { fields, file } = await readUploadForm(request);
          const key = fields.key ?? "";
          const contentType = fields["Content-Type"] ?? "";
          const limits = readPolicy(policyKey, fields.policy ?? "", fields.signature ?? "");
          if (!limits || fields.OSSAccessKeyId !== UPLOAD_ACCESS_ID)
            throw new ApiError(403, "the upload policy is not valid");
          if (limits.expiresAt <= ctx.now()) throw new ApiError(403, "the upload policy has expired");
          if (!key.startsWith(limits.dir)) throw new ApiError(403, `the key must start with ${limits.dir}`);
          try {
            assertStorageKey(key);
          } catch {
            throw badRequest(`not a valid object key: ${key}`);
          }
          if (!file) throw badRequest("the form has no file");
          if (file.length > limits.maxBytes || file.length < limits.minBytes) {
            throw badRequest(`the file must be 1 to ${limits.maxBytes} bytes`);
          }
          const expected = FORMAT_OF_TYPE[contentType];
          if (!limits.contentTypes.includes(contentType) || !expected) {
            throw badRequest(`content type ${contentType || "(none)"} is not allowed`);
          }
          const extension = key.split(".").at(-1)?.toLowerCase() ?? "";
          if (!expected.extensions.includes(extension))
            throw badRequest(`a ${contentType} key must end in .${expected.extensions[0]}`);
          if ((await imageFormat(file)) !== expected.format)
            throw badRequest(`the file is not an image of type ${contentType}`);
          await storage.put(key, file, contentType);
          return ok({ key, url: storage.urlFor(key) });
        },
      );
  });

  app.put(
    "/user/avatar",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        security: [{ bearerAuth: [] }],
        querystring: avatarQuery,
        response: { 200: envelope(tokenResult), ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, signedIn(request).id);
      const key = request.query.avatar;
      if (!key.startsWith(`avatar/${user.id}/`))
        throw badRequest("the avatar must be one of your own uploads");
      let exists = false;
      try {
        assertStorageKey(key);
        exists = await storage.exists(key);
      } catch {
        exists = false;
      }
      if (!exists) throw badRequest(`no uploaded avatar at ${key}`);
      await updateUser(ctx.db, user.id, { avatar: storage.urlFor(key) }, ctx.now());
      return sendSession(reply, await startSession(ctx, user));
    },
  );
}
