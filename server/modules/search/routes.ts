/**
 * Full-canon search (spec sections 3 and 7): `POST /v1/tripitaka/{uid}/search` answers a page of
 * reels with snippets and the hit statistics, `POST .../match_count` the statistics alone. A
 * search's first page is recorded in the operation log as a FULLTEXT_SEARCH event.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tripitakaParams } from "../../../contract/canon.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { matchCountResult, type SearchQuery, searchBody, searchResult } from "../../../contract/search.ts";
import type { GroupScope } from "../../../contract/search-results.ts";
import { ApiError } from "../../errors.ts";
import { compiledSerializer } from "../../plugins/compiled-serializer.ts";
import { createTripitakaCheck } from "../canon/require-tripitaka.ts";
import { listGroups } from "../groups/group-repository.ts";
import { recordServerEvent } from "../oplog/record-server-event.ts";
import { matchCount, searchPage } from "./search-service.ts";
import { registerSearchVariantsRoute } from "./variants.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

export function registerSearchRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerSearchVariantsRoute(parent);
  const db = () => app.deps.canon.db;
  const deps = app.searchDeps;
  const requireTripitaka = createTripitakaCheck(db);

  /** The reader's groups in this tripitaka (none when signed out; asking for them then is a 401). */
  const groupsOf = async (
    request: FastifyRequest,
    tripitakaUid: string,
    query: SearchQuery,
  ): Promise<GroupScope> => {
    if (!request.user) {
      if (query.sutra_group_names?.length)
        throw new ApiError(401, "sutra groups belong to a signed-in reader");
      return [];
    }
    const groups = await listGroups(db(), { userId: request.user.id, tripitakaUid });
    return groups.map((g) => ({ name: g.name, sutraUids: new Set(g.sutra_uids) }));
  };

  const prepare = async (request: FastifyRequest, tripitakaUid: string, query: SearchQuery) => {
    await requireTripitaka(tripitakaUid);
    return groupsOf(request, tripitakaUid, query);
  };

  app.post(
    "/tripitaka/:tripitaka_uid/search",
    {
      schema: {
        tags: ["search"],
        params: tripitakaParams,
        body: searchBody,
        response: { 200: envelope(searchResult), ...errors },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      const groups = await prepare(request, tripitaka_uid, request.body);
      const result = await searchPage(deps, tripitaka_uid, request.body, groups);
      if (request.body.page_no === 1)
        recordServerEvent(app, request, {
          tripitakaUid: tripitaka_uid,
          eventId: "FULLTEXT_SEARCH",
          extra: { keyword: request.body.keyword, search_mode: request.body.search_mode },
        });
      return ok(result);
    },
  );

  app.post(
    "/tripitaka/:tripitaka_uid/match_count",
    {
      schema: {
        tags: ["search"],
        params: tripitakaParams,
        body: searchBody,
        response: { 200: envelope(matchCountResult), ...errors },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      const groups = await prepare(request, tripitaka_uid, request.body);
      return ok(await matchCount(deps, tripitaka_uid, request.body, groups));
    },
  );
}
