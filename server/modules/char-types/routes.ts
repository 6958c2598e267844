/** Character types (spec section 7, char_type/list): researchers only; a search's page 1 is logged. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { charTypeListQuery, charTypeParams, charTypeSchema } from "../../../contract/charType.ts";
import { envelope, ok, paged } from "../../../contract/envelope.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";
import { roleRowErrors } from "../../plugins/route-errors.ts";
import { recordServerEvent } from "../oplog/record-server-event.ts";
import { charTypePage } from "./char-type-service.ts";
import { fontCoverageReader } from "./font-coverage.ts";

export function registerCharTypeRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.canon.db, fonts: fontCoverageReader(app.deps.fontFiles) };

  app.get(
    "/tripitaka/:tripitaka_uid/char_type/list",
    {
      preHandler: requireRole("researcher"),
      schema: {
        tags: ["chars"],
        security: bearerSecurity,
        params: charTypeParams,
        querystring: charTypeListQuery,
        response: { 200: envelope(paged(charTypeSchema)), ...roleRowErrors },
      },
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      const { query } = request;
      const result = await charTypePage(deps, tripitaka_uid, query);
      if (query.page_no === 1)
        recordServerEvent(app, request, {
          tripitakaUid: tripitaka_uid,
          eventId: "CHAR_TYPE_SEARCH",
          extra: {
            ori_txt: query.ori_txt ?? null,
            uni_txt: query.uni_txt ?? null,
            std_txt: query.std_txt ?? null,
            sim_txt: query.sim_txt ?? null,
            is_manual: query.is_manual ?? null,
            is_deform: query.is_deform ?? null,
          },
        });
      return ok(result);
    },
  );
}
