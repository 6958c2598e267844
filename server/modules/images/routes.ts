/**
 * Page scans: the image names of books (for the thumbnail list of page reading), pages'
 * thumbnails, one page's image, and the column image of one char (the reel reader's char image on
 * hover). The images themselves are served by path from storage (`/storage/pages/...`). Where the
 * site limits page-image views, one page's image is a counted view like GET /v1/page, and its
 * address carries the grant the scan is served under; thumbnails and column images are not views.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  imgNamesQuery,
  imgNamesResult,
  pageImageResult,
  pageParams,
  pageThumbsQuery,
  pageThumbsResult,
} from "../../../contract/canon.ts";
import { charColumnImgParams, charColumnImgQuery, charColumnImgResult } from "../../../contract/charImage.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { ApiError, notFound } from "../../errors.ts";
import { appPageImageGate } from "../canon/page-image-limit.ts";
import { imageNames, pageImage, pageThumbs } from "../canon/reading-repository.ts";
import { columnImageOf } from "./column-image.ts";

export function registerImageRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const gate = appPageImageGate(app);

  app.get(
    "/get_img_names",
    {
      schema: {
        tags: ["images"],
        querystring: imgNamesQuery,
        response: { 200: envelope(imgNamesResult), 400: errorEnvelope },
      },
    },
    async (request) => ok(await imageNames(app.deps.canon.db, request.query.uids)),
  );

  app.get(
    "/page_thumbs",
    {
      schema: {
        tags: ["images"],
        description:
          "Thumbnail addresses of up to 100 pages (the page reader's thumbnail list), by page uid; pages " +
          "without a scan and unknown pages are left out. Thumbnails are never counted as page-image views.",
        querystring: pageThumbsQuery,
        response: { 200: envelope(pageThumbsResult), 400: errorEnvelope },
      },
    },
    async (request) => ok(await pageThumbs(app.deps.canon.db, app.deps.storage, request.query.uids)),
  );

  app.get(
    "/img/:page_uid",
    {
      schema: {
        tags: ["images"],
        description:
          "One page's scan and thumbnail addresses. Where the site limits page-image views this is a " +
          "view, counted like `GET /v1/page`; past the day's limit it answers 403.",
        params: pageParams,
        response: {
          200: envelope(pageImageResult),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { page_uid } = request.params;
      const result = await pageImage(app.deps.canon.db, app.deps.storage, page_uid);
      if (!result.found) throw notFound("page", page_uid);
      if (!result.image) throw new ApiError(404, `page has no image: ${page_uid}`);
      if (!(await gate.admits(request, reply, page_uid))) {
        throw new ApiError(403, "the page-image view limit for today is reached");
      }
      return ok({ ...result.image, url: app.scanGrants.granted(result.image.url) });
    },
  );

  app.get(
    "/tripitaka/:tripitaka_uid/char/column/img",
    {
      schema: {
        tags: ["chars"],
        params: charColumnImgParams,
        querystring: charColumnImgQuery,
        response: { 200: envelope(charColumnImgResult), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { page_uid, char_sn } = request.query;
      const { canon, storage } = app.deps;
      const found = await columnImageOf(canon.db, storage, request.params.tripitaka_uid, page_uid, char_sn);
      if (found.kind === "no-page") throw notFound("page", page_uid);
      if (found.kind === "no-char") throw new ApiError(404, `no boxed char ${char_sn} on page ${page_uid}`);
      if (found.kind === "no-image") throw new ApiError(404, `page has no image: ${page_uid}`);
      return ok(found.image);
    },
  );
}
