/**
 * User administration (spec section 7, "User admin"): `GET /v1/admin/users`,
 * `GET /v1/admin/user/{id}` and `PUT /v1/admin/user/{id}?roles`, for administrators only.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminUserListQuery,
  adminUserParams,
  adminUserSchema,
  userRolesQuery,
} from "../../../contract/admin-users.ts";
import { envelope, errorEnvelope, ok, paged } from "../../../contract/envelope.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";
import { roleErrors } from "../../plugins/route-errors.ts";
import { type AdminUserCtx, changeRoles, getAdminUser, listAdminUsers } from "./admin-user-service.ts";

const tags = ["admin"];

export function registerAdminUserRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx: AdminUserCtx = { db: app.auth.db, dialect: app.deps.canon.dialect, now: app.auth.now };
  const admin = requireRole("admin");

  app.get(
    "/admin/users",
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: adminUserListQuery,
        response: { 200: envelope(paged(adminUserSchema)), ...roleErrors },
      },
    },
    async (request) => ok(await listAdminUsers(ctx, request.query)),
  );

  app.get(
    "/admin/user/:id",
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearerSecurity,
        description: "One user as the administrator sees them; code 606 when there is no such user.",
        params: adminUserParams,
        response: { 200: envelope(adminUserSchema), ...roleErrors },
      },
    },
    async (request) => ok(await getAdminUser(ctx.db, request.params.id)),
  );

  app.put(
    "/admin/user/:id",
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearerSecurity,
        description:
          "Gives the user these roles; code 606 when there is no such user, 422 when it would leave no administrator.",
        params: adminUserParams,
        querystring: userRolesQuery,
        response: { 200: envelope(adminUserSchema), 422: errorEnvelope, ...roleErrors },
      },
    },
    async (request) => ok(await changeRoles(ctx, request.params.id, request.query.roles)),
  );
}
