/**
 * The offline download calls: `POST /v1/tripitaka/{uid}/offline/plan` (what a download covers and
 * its size, before anything is fetched) and the batch reads the download manager fetches with,
 * `POST /v1/offline/reels`, `POST /v1/offline/apparatus` (the same reels' collation apparatus) and
 * `POST /v1/offline/pages` (up to 50 at a time; unknown uids → 404). Where the site limits
 * page-image views, a plan carries no scans (`scans_withheld`).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tripitakaParams } from "../../../contract/canon.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import {
  offlineApparatusResult,
  offlinePagesBody,
  offlinePagesResult,
  offlinePlanBody,
  offlinePlanResult,
  offlineReelsBody,
  offlineReelsResult,
} from "../../../contract/offline.ts";
import { notFound } from "../../errors.ts";
import { readApparatus } from "../canon/apparatus-reads.ts";
import { readPages } from "../canon/page-reads.ts";
import { readReels } from "../canon/reel-reads.ts";
import { buildPlan } from "./plan.ts";
import { createSizeCache } from "./size-cache.ts";

const tags = ["offline"];

export function registerOfflineRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.canon.db;
  const sizes = createSizeCache(app.deps.storage);

  app.post(
    "/tripitaka/:tripitaka_uid/offline/plan",
    {
      schema: {
        tags,
        params: tripitakaParams,
        body: offlinePlanBody,
        response: {
          200: envelope(offlinePlanResult),
          400: errorEnvelope,
          401: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (request) =>
      ok(
        await buildPlan(db(), app.deps.storage, sizes, {
          tripitakaUid: request.params.tripitaka_uid,
          scope: request.body.scope,
          txtTypes: request.body.txt_types,
          withPages: request.body.with_pages,
          withImages: request.body.with_images,
          userId: request.user?.id ?? null,
          scansOffered: !app.scanGrants.required,
        }),
      ),
  );

  app.post(
    "/offline/reels",
    {
      schema: {
        tags,
        body: offlineReelsBody,
        response: { 200: envelope(offlineReelsResult), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { reel_uids, txt_types } = request.body;
      const built = await readReels(db(), app.deps.storage, reel_uids, txt_types);
      const missing = reel_uids.find((uid) => !built.has(`${uid}:${txt_types[0]}`));
      if (missing) throw notFound("reel", missing);
      return ok(
        reel_uids.flatMap((uid) =>
          txt_types.map((t) => built.get(`${uid}:${t}`)).filter((r) => r !== undefined),
        ),
      );
    },
  );

  app.post(
    "/offline/apparatus",
    {
      schema: {
        tags,
        description:
          "The collation apparatus of up to 50 reels in the text forms asked, reel by reel and form by " +
          "form, as `GET /v1/reel/{reel_uid}/apparatus` answers each: what a download keeps beside the reel texts.",
        body: offlineReelsBody,
        response: { 200: envelope(offlineApparatusResult), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { reel_uids, txt_types } = request.body;
      const built = await readApparatus(db(), reel_uids, txt_types);
      const missing = reel_uids.find((uid) => !built.has(`${uid}:${txt_types[0]}`));
      if (missing) throw notFound("reel", missing);
      return ok(reel_uids.flatMap((uid) => txt_types.flatMap((t) => built.get(`${uid}:${t}`) ?? [])));
    },
  );

  app.post(
    "/offline/pages",
    {
      schema: {
        tags,
        body: offlinePagesBody,
        response: { 200: envelope(offlinePagesResult), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { page_uids } = request.body;
      const built = await readPages(db(), app.deps.storage, page_uids);
      const missing = page_uids.find((uid) => !built.has(uid));
      if (missing) throw notFound("page", missing);
      return ok(page_uids.flatMap((uid) => built.get(uid) ?? []));
    },
  );
}
