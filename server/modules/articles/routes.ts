/**
 * Articles (spec section 7): the readers' `GET /v1/article`, `GET /v1/article/{id}` and
 * `GET /v1/intro/{tripitaka_uid}`, and the administrator's `POST /v1/admin/article/add`,
 * `GET /v1/admin/article/list`, `GET /v1/admin/article/{id}`, `PUT /v1/admin/article/update/{id}`,
 * `PUT /v1/admin/article/update_active/{id}` and `PUT /v1/admin/article/update_top/{id}`.
 * `{id}` is the article's uid.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminArticleListQuery,
  articleActiveBody,
  articleBody,
  articleLangQuery,
  articleListQuery,
  articleParams,
  articleSchema,
  articleSummarySchema,
  articleTopBody,
  introParams,
} from "../../../contract/articles.ts";
import { envelope, errorEnvelope, ok, paged } from "../../../contract/envelope.ts";
import { bearerSecurity, requireRole, signedIn } from "../../plugins/auth.ts";
import {
  addArticle,
  adminArticle,
  editArticle,
  listAdminArticles,
  listNews,
  pinArticle,
  publishArticle,
  publishedArticle,
  tripitakaIntro,
} from "./article-service.ts";

const readerErrors = { 400: errorEnvelope, 404: errorEnvelope };
const adminErrors = { ...readerErrors, 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

export function registerArticleRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.auth.db, now: app.auth.now, storage: app.deps.storage };
  const admin = requireRole("admin");

  app.get(
    "/article",
    {
      schema: {
        tags: ["articles"],
        querystring: articleListQuery,
        response: { 200: envelope(paged(articleSummarySchema)), ...readerErrors },
      },
    },
    async (request) => ok(await listNews(ctx.db, request.query)),
  );

  app.get(
    "/article/:id",
    {
      schema: {
        tags: ["articles"],
        params: articleParams,
        querystring: articleLangQuery,
        response: { 200: envelope(articleSchema), ...readerErrors },
      },
    },
    async (request) => ok(await publishedArticle(ctx.db, request.params.id, request.query.lang)),
  );

  app.get(
    "/intro/:tripitaka_uid",
    {
      schema: {
        tags: ["articles"],
        params: introParams,
        querystring: articleLangQuery,
        response: { 200: envelope(articleSchema), ...readerErrors },
      },
    },
    async (request) => ok(await tripitakaIntro(ctx.db, request.params.tripitaka_uid, request.query.lang)),
  );

  app.post(
    "/admin/article/add",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        body: articleBody,
        response: { 200: envelope(articleSchema), ...adminErrors },
      },
    },
    async (request) => ok(await addArticle(ctx, signedIn(request).id, request.body)),
  );

  app.get(
    "/admin/article/list",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        querystring: adminArticleListQuery,
        response: { 200: envelope(paged(articleSummarySchema)), ...adminErrors },
      },
    },
    async (request) => ok(await listAdminArticles(ctx.db, request.query)),
  );

  app.get(
    "/admin/article/:id",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        params: articleParams,
        response: { 200: envelope(articleSchema), ...adminErrors },
      },
    },
    async (request) => ok(await adminArticle(ctx.db, request.params.id)),
  );

  app.put(
    "/admin/article/update/:id",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        params: articleParams,
        body: articleBody,
        response: { 200: envelope(articleSchema), ...adminErrors },
      },
    },
    async (request) => ok(await editArticle(ctx, signedIn(request).id, request.params.id, request.body)),
  );

  app.put(
    "/admin/article/update_active/:id",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        params: articleParams,
        body: articleActiveBody,
        response: { 200: envelope(articleSchema), ...adminErrors },
      },
    },
    async (request) =>
      ok(await publishArticle(ctx, signedIn(request).id, request.params.id, request.body.is_actived)),
  );

  app.put(
    "/admin/article/update_top/:id",
    {
      preHandler: admin,
      schema: {
        tags: ["admin"],
        security: bearerSecurity,
        params: articleParams,
        body: articleTopBody,
        response: { 200: envelope(articleSchema), ...adminErrors },
      },
    },
    async (request) =>
      ok(await pinArticle(ctx, signedIn(request).id, request.params.id, request.body.is_top)),
  );
}
