/**
 * `GET /v1/site/config` and `GET /v1/site/wechat_follow_qr` (contract/site.ts): public, cached, and
 * answered from memory. The image's address carries its version, so it may be kept for a year.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { siteConfigResult, WECHAT_FOLLOW_QR_PATH } from "../../../contract/site.ts";
import { ApiError } from "../../errors.ts";
import type { FollowQrImage } from "./follow-qr.ts";

export function registerSiteRoutes(app: FastifyInstance, followQr: FollowQrImage | null): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    wechat_follow_qr: followQr ? `${WECHAT_FOLLOW_QR_PATH}?v=${followQr.etag.slice(1, -1)}` : null,
  };
  r.get(
    "/site/config",
    {
      schema: {
        tags: ["site"],
        description:
          "What this site has configured for every visitor (the footer's follow-on-WeChat QR image).",
        response: { 200: envelope(siteConfigResult) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return ok(config);
    },
  );
  app.get(
    "/site/wechat_follow_qr",
    {
      schema: {
        tags: ["site"],
        description: "The QR code (PNG, JPEG or WebP) of the site's WeChat official account; 404 when none.",
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 304: z.null().describe("not modified"), 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      if (!followQr) throw new ApiError(404, "no follow-on-WeChat image is configured");
      reply.header("etag", followQr.etag).header("cache-control", "public, max-age=31536000, immutable");
      if (request.headers["if-none-match"] === followQr.etag) return reply.code(304).send();
      return reply.header("content-type", followQr.contentType).send(followQr.bytes);
    },
  );
}
