/**
 * `GET /healthz` and `GET /readyz` (contract/health.ts), outside /v1: the first answers while the
 * process runs and touches nothing (the web app probes it after a lost connection), the second once
 * the database answers a query (503 until then). Neither is cached nor listed in the API docs.
 */

import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { HEALTH_PATH, READY_PATH } from "../../../contract/health.ts";

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(HEALTH_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );
  app.get(READY_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await sql`select 1`.execute(app.deps.canon.db);
      return reply.send({ status: "ready" });
    } catch (error) {
      request.log.warn({ err: error }, "readiness: the database does not answer");
      return reply.code(503).send({ status: "database unavailable" });
    }
  });
}
