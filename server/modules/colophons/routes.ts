/**
 * Colophons (spec section 7): `POST /v1/tripitaka/{tripitaka_uid}/pubnote/list`, for researchers.
 * The first page of a search records a PUB_NOTE_SEARCH event.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tripitakaParams } from "../../../contract/canon.ts";
import { pubNoteListBody, pubNoteListResult } from "../../../contract/colophons.ts";
import { envelope, ok } from "../../../contract/envelope.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";
import { roleRowErrors } from "../../plugins/route-errors.ts";
import { recordServerEvent } from "../oplog/record-server-event.ts";
import { pubNotePage, searchedFields } from "./pubnote-service.ts";

export function registerColophonRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/tripitaka/:tripitaka_uid/pubnote/list",
    {
      preHandler: requireRole("researcher"),
      schema: {
        tags: ["colophons"],
        security: bearerSecurity,
        params: tripitakaParams,
        body: pubNoteListBody,
        response: { 200: envelope(pubNoteListResult), ...roleRowErrors },
      },
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      const result = await pubNotePage(app.deps.canon.db, tripitaka_uid, request.body);
      if (request.body.page_no === 1)
        recordServerEvent(app, request, {
          tripitakaUid: tripitaka_uid,
          eventId: "PUB_NOTE_SEARCH",
          extra: searchedFields(request.body),
        });
      return ok(result);
    },
  );
}
