/**
 * The reading API's catalogue and text routes (spec section 7): tripitakas, sutras, config lists,
 * the book catalogue, a sutra's catalogue tree, reels and pages (under the page-image view limit).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apparatusQuery, apparatusResult } from "../../../contract/apparatus.ts";
import {
  bookSchema,
  configItemSchema,
  pageParams,
  pageQuery,
  pageResult,
  reelParams,
  reelQuery,
  reelResult,
  sutraAllQuery,
  sutraAllResult,
  sutraCatalogResult,
  sutraListBody,
  sutraParams,
  sutraSchema,
  tripitakaParams,
  tripitakaSchema,
} from "../../../contract/canon.ts";
import { envelope, errorEnvelope, ok, paged, pageOf } from "../../../contract/envelope.ts";
import { ApiError, notFound } from "../../errors.ts";
import { commonSutraKey } from "../../import/canon-lists.ts";
import { listGroups } from "../groups/group-repository.ts";
import { pinnedSutraUids } from "../user-data/user-data-repository.ts";
import { readReelApparatus } from "./apparatus-reads.ts";
import {
  configList,
  listBooks,
  listSutras,
  listTripitakas,
  readSetting,
  sutrasUpdatedSince,
} from "./catalog-repository.ts";
import { appPageImageGate } from "./page-image-limit.ts";
import { readPage, readSutraCatalog } from "./reading-repository.ts";
import { requireTripitaka } from "./require-tripitaka.ts";

const errors = { 400: errorEnvelope, 404: errorEnvelope };

/** Sends a body already validated against the route's response schema and serialized. */
function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}

export function registerCanonRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.canon.db;
  const { reels } = app;
  const gatePageImage = appPageImageGate(app);

  app.get(
    "/tripitaka/all",
    { schema: { tags: ["catalogue"], response: { 200: envelope(z.array(tripitakaSchema)) } } },
    async () => ok(await listTripitakas(db())),
  );

  app.get(
    "/tripitaka/:tripitaka_uid/sutra/all",
    {
      schema: {
        tags: ["catalogue"],
        params: tripitakaParams,
        querystring: sutraAllQuery,
        response: { 200: envelope(sutraAllResult), ...errors },
      },
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      await requireTripitaka(db(), tripitaka_uid);
      const since = request.query.last_updated_time ?? 0;
      const sutras = await sutrasUpdatedSince(db(), tripitaka_uid, since);
      const last = sutras.reduce((max, s) => Math.max(max, s.last_updated_time), since);
      return ok({ sutras, last_updated_time: last });
    },
  );

  app.post(
    "/tripitaka/:tripitaka_uid/sutra/list",
    {
      schema: {
        tags: ["catalogue"],
        params: tripitakaParams,
        body: sutraListBody,
        response: { 200: envelope(paged(sutraSchema)), 401: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      await requireTripitaka(db(), tripitaka_uid);
      const body = { ...request.body };
      if (body.sutra_group_names?.length) {
        if (!request.user) throw new ApiError(401, "sutra groups belong to a signed-in reader");
        const wanted = new Set(body.sutra_group_names);
        const groups = await listGroups(db(), { userId: request.user.id, tripitakaUid: tripitaka_uid });
        const inGroups = new Set(groups.filter((g) => wanted.has(g.name)).flatMap((g) => g.sutra_uids));
        const allowed = body.sutra_uids?.length
          ? body.sutra_uids.filter((uid) => inGroups.has(uid))
          : [...inGroups];
        if (allowed.length === 0) {
          return ok(pageOf(0, body, []));
        }
        body.sutra_uids = allowed;
      }
      const pinned =
        body.pinned_first && request.user ? await pinnedSutraUids(db(), request.user.id, tripitaka_uid) : [];
      const { total, list } = await listSutras(db(), tripitaka_uid, body, pinned);
      return ok(pageOf(total, body, list));
    },
  );

  for (const [path, kind] of [
    ["dynasties", "dynasty"],
    ["categories", "category"],
    ["authors", "author"],
  ] as const) {
    app.get(
      `/tripitaka/:tripitaka_uid/${path}`,
      {
        schema: {
          tags: ["catalogue"],
          params: tripitakaParams,
          response: { 200: envelope(z.array(configItemSchema)), ...errors },
        },
      },
      async (request) => {
        await requireTripitaka(db(), request.params.tripitaka_uid);
        return ok(await configList(db(), request.params.tripitaka_uid, kind));
      },
    );
  }

  app.get(
    "/tripitaka/:tripitaka_uid/common_sutra_uids",
    {
      schema: {
        tags: ["catalogue"],
        params: tripitakaParams,
        response: { 200: envelope(z.array(z.string())), ...errors },
      },
    },
    async (request) => {
      const { tripitaka_uid } = request.params;
      await requireTripitaka(db(), tripitaka_uid);
      const value = await readSetting(db(), commonSutraKey(tripitaka_uid));
      return ok(value ? (JSON.parse(value) as string[]) : []);
    },
  );

  app.get(
    "/tripitaka/:tripitaka_uid/catalog",
    {
      schema: {
        tags: ["catalogue"],
        params: tripitakaParams,
        response: { 200: envelope(z.array(bookSchema)), ...errors },
      },
    },
    async (request) => {
      await requireTripitaka(db(), request.params.tripitaka_uid);
      return ok(await listBooks(db(), request.params.tripitaka_uid));
    },
  );

  app.get(
    "/sutra/:sutra_uid/catalog",
    {
      schema: {
        tags: ["reading"],
        params: sutraParams,
        response: { 200: envelope(sutraCatalogResult), ...errors },
      },
    },
    async (request) => {
      const catalog = await readSutraCatalog(db(), request.params.sutra_uid);
      if (!catalog) throw notFound("sutra", request.params.sutra_uid);
      return ok(catalog);
    },
  );

  app.get(
    "/reel/:reel_uid",
    {
      schema: {
        tags: ["reading"],
        params: reelParams,
        querystring: reelQuery,
        response: { 200: envelope(reelResult), ...errors },
      },
    },
    async (request, reply) => {
      const json = await reels.json(request.params.reel_uid, request.query.txt_type);
      if (json === null) throw notFound("reel", request.params.reel_uid);
      return sendSerialized(reply, json);
    },
  );

  app.get(
    "/reel/:reel_uid/apparatus",
    {
      schema: {
        tags: ["reading"],
        description:
          "The reel's collation apparatus in one text form: each place's lemma, the witnesses' " +
          "readings, the notes and the cross-references (with the line here when it is imported). " +
          "A reel without apparatus answers an empty list.",
        params: reelParams,
        querystring: apparatusQuery,
        response: { 200: envelope(apparatusResult), ...errors },
      },
    },
    async (request) => {
      const apparatus = await readReelApparatus(db(), request.params.reel_uid, request.query.txt_type);
      if (!apparatus) throw notFound("reel", request.params.reel_uid);
      return ok(apparatus);
    },
  );

  app.get(
    "/page/:page_uid",
    {
      schema: {
        tags: ["reading"],
        description:
          "Past the day's page-image view limit (if one is set), a page not yet seen that UTC day " +
          "answers `allowed: false` with no image, img_url or thumb_url. With a limit for guests, " +
          "an expired access token answers 401 rather than counting its reader as a guest.",
        params: pageParams,
        querystring: pageQuery,
        response: { 200: envelope(pageResult), 401: errorEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const page = await readPage(db(), app.deps.storage, request.params.page_uid);
      if (!page) throw notFound("page", request.params.page_uid);
      return ok(await gatePageImage.page(request, reply, page));
    },
  );
}
