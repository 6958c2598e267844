/**
 * The administrators' operation-log calls (spec section 7, "Operation log (admin)"):
 * `GET /v1/admin/oplog/list`, `/users`, `/group/list`, `/count` and `/trend`. Each read first
 * flushes the writer, so an administrator sees every event the server has received.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, ok, paged } from "../../../contract/envelope.ts";
import {
  oplogCountQuery,
  oplogCountResult,
  oplogEntrySchema,
  oplogGroupQuery,
  oplogGroupSchema,
  oplogListQuery,
  oplogTrendQuery,
  oplogTrendResult,
  oplogUsersQuery,
  oplogUsersResult,
} from "../../../contract/oplog.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";
import { compiledSerializer } from "../../plugins/compiled-serializer.ts";
import { roleErrors } from "../../plugins/route-errors.ts";
import { listAccessLog } from "./access-log.ts";
import { DEFAULT_RETENTION, type Retention } from "./oplog-writer.ts";
import { rangeOf, zoneOfHeader } from "./stats-range.ts";
import { countStats, groupStats } from "./stats-service.ts";
import { trendStats } from "./trend.ts";
import { displayNames, usersMatching } from "./users-repository.ts";

const tags = ["admin"];

export function registerOplogRoutes(parent: FastifyInstance, retention: Retention = DEFAULT_RETENTION): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.canon.db;
  const admin = requireRole("admin");
  /** The statistics count every event received so far. */
  const flush = async () => {
    await app.oplogWriter.flush();
  };
  const adminWithEvents = [admin, flush];
  const zoneOf = (request: FastifyRequest) => zoneOfHeader(request.headers.timezone);

  app.get(
    "/admin/oplog/list",
    {
      preHandler: adminWithEvents,
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: oplogListQuery,
        response: { 200: envelope(paged(oplogEntrySchema)), ...roleErrors },
      },
    },
    async (request) =>
      ok(
        await listAccessLog(
          db,
          { now: app.auth.now(), retention },
          rangeOf(zoneOf(request), request.query),
          request.query,
        ),
      ),
  );

  app.get(
    "/admin/oplog/users",
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: oplogUsersQuery,
        response: { 200: envelope(oplogUsersResult), ...roleErrors },
      },
    },
    async (request) => {
      const { ids = [], keyword } = request.query;
      const named = await displayNames(db, ids);
      const result: Record<string, string | null> = Object.fromEntries(
        ids.map((id) => [String(id), named.get(id) ?? null]),
      );
      if (keyword) for (const [id, name] of await usersMatching(db, keyword)) result[String(id)] = name;
      return ok(result);
    },
  );

  app.get(
    "/admin/oplog/group/list",
    {
      preHandler: adminWithEvents,
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: oplogGroupQuery,
        response: { 200: envelope(paged(oplogGroupSchema)), ...roleErrors },
      },
    },
    async (request) => ok(await groupStats(db, rangeOf(zoneOf(request), request.query), request.query)),
  );

  app.get(
    "/admin/oplog/count",
    {
      preHandler: adminWithEvents,
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: oplogCountQuery,
        response: { 200: envelope(oplogCountResult), ...roleErrors },
      },
    },
    async (request) => ok(await countStats(db, rangeOf(zoneOf(request), request.query))),
  );

  app.get(
    "/admin/oplog/trend",
    {
      preHandler: adminWithEvents,
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: oplogTrendQuery,
        response: { 200: envelope(oplogTrendResult), ...roleErrors },
      },
    },
    async (request) => ok(await trendStats(db, rangeOf(zoneOf(request), request.query), request.query)),
  );
}
