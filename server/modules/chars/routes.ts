/**
 * Character images (spec section 7, researchers only): `GET /v1/tripitaka/{tripitaka_uid}/char/list`,
 * `.../char/group/list` and `.../char/stats`, the statistics menu's figures. The first page of a
 * list search is recorded as a CHAR_SEARCH event.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tripitakaParams } from "../../../contract/canon.ts";
import {
  CHAR_TEXT_FILTERS,
  charGroupItem,
  charGroupQuery,
  charImageItem,
  charListQuery,
  charStatsQuery,
  charStatsResult,
} from "../../../contract/charImage.ts";
import { envelope, ok, paged } from "../../../contract/envelope.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";
import { roleRowErrors } from "../../plugins/route-errors.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
import { recordServerEvent } from "../oplog/record-server-event.ts";
import { type CharDeps, charGroups, charList, charSearchStats } from "./char-service.ts";

const tags = ["chars"];

export function registerCharRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const researcher = requireRole("researcher");
  const deps = (): CharDeps => ({
    db: app.deps.canon.db,
    dialect: app.deps.canon.dialect,
    storage: app.deps.storage,
  });

  app.get(
    "/tripitaka/:tripitaka_uid/char/list",
    {
      preHandler: researcher,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        querystring: charListQuery,
        response: { 200: envelope(paged(charImageItem)), ...roleRowErrors },
      },
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      await requireTripitaka(app.deps.canon.db, tripitaka_uid);
      const result = await charList(deps(), tripitaka_uid, request.query);
      if (request.query.page_no === 1) {
        const { sutra_uid, page_uid, char_sn } = request.query;
        const texts = Object.keys(CHAR_TEXT_FILTERS) as (keyof typeof CHAR_TEXT_FILTERS)[];
        const extra: Record<string, string | number> = { total: result.total };
        for (const [key, value] of [
          ...texts.map((text) => [text, request.query[text]] as const),
          ["sutra_uid", sutra_uid] as const,
          ["page_uid", page_uid] as const,
          ["char_sn", char_sn] as const,
        ])
          if (value !== undefined) extra[key] = value;
        recordServerEvent(app, request, { tripitakaUid: tripitaka_uid, eventId: "CHAR_SEARCH", extra });
      }
      return ok(result);
    },
  );

  app.get(
    "/tripitaka/:tripitaka_uid/char/group/list",
    {
      preHandler: researcher,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        querystring: charGroupQuery,
        response: { 200: envelope(paged(charGroupItem)), ...roleRowErrors },
      },
    },
    async (request) => {
      await requireTripitaka(app.deps.canon.db, request.params.tripitaka_uid);
      return ok(await charGroups(deps(), request.params.tripitaka_uid, request.query));
    },
  );

  app.get(
    "/tripitaka/:tripitaka_uid/char/stats",
    {
      preHandler: researcher,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        querystring: charStatsQuery,
        response: { 200: envelope(charStatsResult), ...roleRowErrors },
      },
    },
    async (request) => {
      await requireTripitaka(app.deps.canon.db, request.params.tripitaka_uid);
      return ok(await charSearchStats(deps(), request.params.tripitaka_uid, request.query));
    },
  );
}
