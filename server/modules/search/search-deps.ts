/**
 * What a search reads (the index, the catalogue and readings caches), made once for the app: the
 * search routes and the web app's search pages (server/plugins/search-drawing.ts) use the same.
 */
import type { FastifyInstance } from "fastify";
import { createCatalogueCache } from "./catalogue.ts";
import { createReadingsCache } from "./readings.ts";
import { searchIndexOf } from "./search-index.ts";
import type { SearchDeps } from "./search-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** What searches read: the search routes and the web app's search pages share it. */
    searchDeps: SearchDeps;
  }
}

export function registerSearchDeps(app: FastifyInstance): void {
  const db = () => app.deps.canon.db;
  app.decorate("searchDeps", {
    db,
    dialect: app.deps.canon.dialect,
    index: () => searchIndexOf(app.deps.canon),
    catalogue: createCatalogueCache(db, app.cacheInvalidation),
    readings: createReadingsCache(db, app.cacheInvalidation),
  });
}
