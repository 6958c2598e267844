/**
 * Researcher applications (spec section 7): `POST /v1/applications`, `GET /v1/applications/status`,
 * and the administrator's `GET /v1/admin/applications`, `GET /v1/admin/applications/{apply_id}`
 * and `POST /v1/admin/applications/{apply_id}/deal`.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminApplicationDetail as adminApplicationDetailSchema,
  adminApplicationListQuery,
  adminApplicationSchema,
  applicationParams,
  applicationStatusResult,
  applyBody,
  dealBody,
} from "../../../contract/applications.ts";
import { envelope, errorEnvelope, ok, paged } from "../../../contract/envelope.ts";
import { bearerSecurity, requireRole, requireUser, signedIn } from "../../plugins/auth.ts";
import {
  adminApplicationDetail,
  applicationStatus,
  apply,
  decide,
  listAdminApplications,
} from "./application-service.ts";
import { registerTeamQrRoute } from "./team-qr.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

export function registerApplicationRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerTeamQrRoute(app, app.deps.teamJoinUrl ?? null);
  const ctx = { db: app.auth.db, now: app.auth.now, sender: app.auth.sender, log: app.log };
  const admin = requireRole("admin");

  app.post(
    "/applications",
    {
      preHandler: requireUser,
      schema: {
        tags: ["applications"],
        security: bearerSecurity,
        body: applyBody,
        response: { 200: envelope(applicationStatusResult), ...errors },
      },
    },
    async (request) => ok(await apply(ctx, signedIn(request).id, request.body)),
  );

  app.get(
    "/applications/status",
    {
      preHandler: requireUser,
      schema: {
        tags: ["applications"],
        security: bearerSecurity,
        response: { 200: envelope(applicationStatusResult), ...errors },
      },
    },
    async (request) => ok(await applicationStatus(ctx.db, signedIn(request).id)),
  );

  app.get(
    "/admin/applications",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        querystring: adminApplicationListQuery,
        response: { 200: envelope(paged(adminApplicationSchema)), ...errors },
      },
    },
    async (request) => ok(await listAdminApplications(ctx.db, request.query)),
  );

  app.get(
    "/admin/applications/:apply_id",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        params: applicationParams,
        response: { 200: envelope(adminApplicationDetailSchema), ...errors },
      },
    },
    async (request) => ok(await adminApplicationDetail(ctx.db, request.params.apply_id)),
  );

  app.post(
    "/admin/applications/:apply_id/deal",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        params: applicationParams,
        body: dealBody,
        response: { 200: envelope(adminApplicationDetailSchema), ...errors },
      },
    },
    async (request) => ok(await decide(ctx, signedIn(request).id, request.params.apply_id, request.body)),
  );
}
