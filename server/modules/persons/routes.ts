/**
 * The people of the canon (spec section 6, knowledge graph), for researchers only: the person
 * search (its first page recorded as a PERSON_SEARCH event), a person's page, the teacher–student
 * graph around a person, and which catalogue authors have a person page.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, ok, paged } from "../../../contract/envelope.ts";
import {
  authorLinksSchema,
  personDetailSchema,
  personGraphQuery,
  personGraphSchema,
  personHitSchema,
  personListQuery,
  personParams,
} from "../../../contract/persons.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";
import { roleRowErrors } from "../../plugins/route-errors.ts";
import { recordServerEvent } from "../oplog/record-server-event.ts";
import { personAuthorLinks, personDetail, personGraph, searchPersons } from "./person-service.ts";

const tags = ["persons"];

export function registerPersonRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireRole("researcher");
  const db = app.deps.canon.db;

  app.get(
    "/persons",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: personListQuery,
        response: { 200: envelope(paged(personHitSchema)), ...roleRowErrors },
      },
    },
    async (request) => {
      const { query } = request;
      const result = await searchPersons(db, query);
      if (query.page_no === 1)
        recordServerEvent(app, request, {
          tripitakaUid: query.tripitaka_uid ?? "",
          eventId: "PERSON_SEARCH",
          extra: { name: query.name ?? "", dynasty: query.dynasty ?? "", total: result.total },
        });
      return ok(result);
    },
  );

  app.get(
    "/persons/author_links",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        response: { 200: envelope(authorLinksSchema), ...roleRowErrors },
      },
    },
    async () => ok(await personAuthorLinks(db)),
  );

  app.get(
    "/person/:person_id",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        params: personParams,
        response: { 200: envelope(personDetailSchema), ...roleRowErrors },
      },
    },
    async (request) => ok(await personDetail(db, request.params.person_id)),
  );

  app.get(
    "/person/:person_id/graph",
    {
      preHandler,
      schema: {
        tags,
        security: bearerSecurity,
        params: personParams,
        querystring: personGraphQuery,
        response: { 200: envelope(personGraphSchema), ...roleRowErrors },
      },
    },
    async (request) => ok(await personGraph(db, request.params.person_id, request.query.depth)),
  );
}
