/**
 * Page scans: the image names of books (for the thumbnail list of page reading), one page's
 * image, and the column image of one char (the reel reader's char image on hover). The images themselves are served by path from storage (`/storage/pages/...`).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { imgNamesQuery, imgNamesResult, pageImageResult, pageParams } from "../../../contract/canon.ts";
import { charColumnImgParams, charColumnImgQuery, charColumnImgResult } from "../../../contract/charImage.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { ApiError, notFound } from "../../errors.ts";
import { imageNames, pageImage } from "../canon/reading-repository.ts";
import { columnImageOf } from "./column-image.ts";

export function registerImageRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

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
    "/img/:page_uid",
    {
      schema: {
        tags: ["images"],
        params: pageParams,
        response: { 200: envelope(pageImageResult), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { page_uid } = request.params;
      const result = await pageImage(app.deps.canon.db, app.deps.storage, page_uid);
      if (!result.found) throw notFound("page", page_uid);
      if (!result.image) throw new ApiError(404, `page has no image: ${page_uid}`);
      return ok(result.image);
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
