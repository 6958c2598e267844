import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { distinctFontChars, dynamicFontParams, dynamicFontQuery } from "../../../contract/fonts.ts";
import { ApiError, notFound } from "../../errors.ts";
import { createFontSubsetter } from "./font-subsetter.ts";

/** `GET /tripitaka/:tripitaka_uid/char/dynamic_font`: a WOFF2 subset holding the requested chars. */
export function registerFontRoutes(app: FastifyInstance): void {
  const { canon, fontFiles, storage } = app.deps;
  const subsetter = createFontSubsetter({ fontFiles, storage });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/tripitaka/:tripitaka_uid/char/dynamic_font",
      { schema: { tags: ["chars"], params: dynamicFontParams, querystring: dynamicFontQuery } },
      async (request, reply) => {
        const uid = request.params.tripitaka_uid;
        const tripitaka = await canon.db
          .selectFrom("tripitaka")
          .select("uid")
          .where("uid", "=", uid)
          .executeTakeFirst();
        if (!tripitaka) throw notFound("tripitaka", uid);
        if (fontFiles.length === 0) throw new ApiError(503, "no font files are configured");
        const font = await subsetter.subset(distinctFontChars(request.query.chars));
        return reply
          .type("font/woff2")
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(font);
      },
    );
}
