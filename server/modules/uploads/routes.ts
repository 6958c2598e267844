/**
 * `GET /v1/oss/token` (a signed upload policy), the storage endpoint the form is posted to
 * (`POST /v1/oss/upload`, with the Bearer token of the user the policy was issued to), and
 * `PUT /v1/user/avatar` (spec section 7). On an object store that takes presigned POSTs the form
 * goes to the store instead, and `POST /v1/oss/confirm` checks and stores what was posted there.
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tokenResult } from "../../../contract/accounts.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { ADMIN_UPLOAD_PURPOSES, UPLOAD_RULES } from "../../../contract/upload-rules.ts";
import {
  avatarQuery,
  uploadConfirmBody,
  uploadDoneResult,
  uploadPolicyResult,
  uploadTokenQuery,
} from "../../../contract/uploads.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { assertStorageKey } from "../../storage/storage.ts";
import { currentUser } from "../auth/profile.ts";
import { sendSession } from "../auth/session-cookie.ts";
import { startSession } from "../auth/sign-in.ts";
import { updateUser } from "../auth/user-repository.ts";
import { uploadSigningKey } from "./upload-policy.ts";
import { type UploadForm, uploadService } from "./upload-service.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes));

const isFileTooLarge = (error: Error): boolean =>
  "statusCode" in error && error.statusCode === 413 && /file too large/.test(error.message);

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
    // Whatever the parser throws is about the form the client sent: its own limits (file size,
    // field count) answer 413 and a malformed stream a plain Error; this endpoint answers 400.
    if (error instanceof ApiError || !(error instanceof Error)) throw error;
    if (isFileTooLarge(error)) throw badRequest(`the file is larger than ${LARGEST_UPLOAD} bytes`);
    throw badRequest(`unreadable upload form: ${error.message}`);
  }
  return form;
}

export async function registerUploadRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = app.auth;
  const storage = app.deps.storage;
  const uploads = uploadService({
    db: ctx.db,
    storage,
    now: ctx.now,
    signingKey: uploadSigningKey(ctx.secret),
  });

  app.get(
    "/oss/token",
    {
      preHandler: requireUser,
      schema: {
        tags: ["uploads"],
        security: bearerSecurity,
        querystring: uploadTokenQuery,
        response: { 200: envelope(uploadPolicyResult), ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const purpose = request.query.oss_prefix;
      if (ADMIN_UPLOAD_PURPOSES.includes(purpose) && !user.roles.includes("admin"))
        throw new ApiError(403, `only administrators upload images for the purpose ${purpose}`);
      return ok(await uploads.policyFor(purpose, user.id));
    },
  );

  // Only a store the browser posts to has uploads to confirm.
  if (uploads.direct)
    app.post(
      "/oss/confirm",
      {
        preHandler: requireUser,
        schema: {
          tags: ["uploads"],
          security: bearerSecurity,
          body: uploadConfirmBody,
          response: { 200: envelope(uploadDoneResult), ...errors },
        },
      },
      async (request) => ok(await uploads.confirm(request.body, signedIn(request).id)),
    );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10, fieldSize: 8192 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/oss/upload",
      {
        preHandler: requireUser,
        schema: {
          tags: ["uploads"],
          security: bearerSecurity,
          response: { 200: envelope(uploadDoneResult), 415: errorEnvelope, ...errors },
        },
      },
      async (request) => {
        const user = signedIn(request);
        if (!request.isMultipart()) throw new ApiError(415, "the upload must be multipart/form-data");
        return ok(await uploads.accept(await readUploadForm(request), user.id));
      },
    );
  });

  app.put(
    "/user/avatar",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        security: bearerSecurity,
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
