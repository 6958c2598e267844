import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors.ts";

/**
 * Serves the built web app on the same port as the API. Files are served as they are; any other
 * GET outside /v1 and /storage answers index.html so the client router takes the path.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web app not built: run `npm run build:web`; serving the API only");
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    wildcard: false,
    decorateReply: true,
    setHeaders(reply, path) {
      // Only content-hashed assets are immutable: the service worker, the manifests and the
      // shell must be revalidated so that an installed app finds its updates.
      const name = relative(distDir, path).split(sep).join("/");
      const hashed = name.startsWith("assets/");
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      if (name.endsWith(".webmanifest")) reply.header("content-type", "application/manifest+json");
    },
  });
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    // Assets are content-hashed files: a name the running server does not know is a 404, not the app.
    if (path.startsWith("/v1/") || path.startsWith("/storage/") || path.startsWith("/assets/")) {
      throw notFound("route", path);
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
