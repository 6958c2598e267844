import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { CanonDb } from "./db/connect.ts";
import { registerApplicationRoutes } from "./modules/applications/routes.ts";
import { registerArticleRoutes } from "./modules/articles/routes.ts";
import { registerAdminUserRoutes } from "./modules/auth/admin-user-routes.ts";
import type { AuthOptions } from "./modules/auth/context.ts";
import { registerAuthRoutes } from "./modules/auth/routes.ts";
import { registerUserRoutes } from "./modules/auth/user-routes.ts";
import type { PageImageLimits } from "./modules/canon/page-image-limit.ts";
import { registerReelCache } from "./modules/canon/reel-cache.ts";
import { registerCanonRoutes } from "./modules/canon/routes.ts";
import { registerCharTypeRoutes } from "./modules/char-types/routes.ts";
import { registerCharRoutes } from "./modules/chars/routes.ts";
import { registerCitationRoutes } from "./modules/citations/routes.ts";
import { registerColophonRoutes } from "./modules/colophons/routes.ts";
import { registerFeedbackRoutes } from "./modules/feedback/routes.ts";
import { type FontSettings, registerFontRoutes, registerFontSubsetPool } from "./modules/fonts/routes.ts";
import { registerGroupRoutes } from "./modules/groups/routes.ts";
import { registerHealthRoutes } from "./modules/health/routes.ts";
import { registerImageRoutes } from "./modules/images/routes.ts";
import { registerMessageRoutes } from "./modules/messages/routes.ts";
import { registerOAuthRoutes } from "./modules/oauth/routes.ts";
import { registerOfflineRoutes } from "./modules/offline/routes.ts";
import type { OplogWriterSettings } from "./modules/oplog/oplog-writer.ts";
import { registerOplogRoutes } from "./modules/oplog/routes.ts";
import { registerOplogWriter } from "./modules/oplog/writer-plugin.ts";
import { registerPackRoutes } from "./modules/packs/routes.ts";
import { registerPersonRoutes } from "./modules/persons/routes.ts";
import { registerSearchRoutes } from "./modules/search/routes.ts";
import { registerSearchDeps } from "./modules/search/search-deps.ts";
import type { FollowQrImage } from "./modules/site/follow-qr.ts";
import { registerSiteRoutes } from "./modules/site/routes.ts";
import { registerTrackingRoutes } from "./modules/tracking/routes.ts";
import { registerUploadRoutes } from "./modules/uploads/routes.ts";
import { registerUserDataRoutes } from "./modules/user-data/routes.ts";
import { bearerSecurityScheme, registerAuth } from "./plugins/auth.ts";
import { type CacheInvalidationSettings, registerCacheInvalidation } from "./plugins/cache-invalidation.ts";
import {
  answerClientError,
  answerFrameworkError,
  BODY_LIMIT_BYTES,
  PATH_PARAM_MAX,
  registerErrorHandler,
} from "./plugins/error-handler.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerWebApp } from "./plugins/web.ts";
import { localStorage } from "./storage/local.ts";
import { type ScanGrants, scanGrants } from "./storage/scan-grants.ts";
import { registerStorageServing } from "./storage/serve-storage.ts";
import type { ObjectStorage } from "./storage/storage.ts";

export type AppDeps = {
  canon: CanonDb;
  /** Local storage has a `root` folder served from disk; a remote store is read through the server. */
  storage: ObjectStorage & { root?: string };
  fontFiles: string[];
  /** Font subsetting workers, queue and rate limit; defaults when absent. */
  fonts?: FontSettings;
  logLevel?: string;
  /** The built web app to serve at `/`, if any. */
  webDistDir?: string | null;
  /** The researchers' team-joining link, shown as a QR code with an approved application. */
  teamJoinUrl?: string | null;
  /** The site's follow-on-WeChat QR image for the home footer, if configured. */
  wechatFollowQr?: FollowQrImage | null;
  /** Serves the API's documentation page at /v1/docs (default: yes). */
  apiDocs?: boolean;
  /** Whose X-Forwarded-For gives the client's address behind a load balancer (Fastify's trustProxy). */
  trustProxy?: boolean | string;
  /** Sign-in settings; tests inject the clock, randomness and a message sender here. */
  auth?: AuthOptions;
  /** The operation log's writer: retention, batching, timers (defaults when absent). */
  oplog?: OplogWriterSettings;
  /** How the caches learn of changes made by other processes (defaults when absent). */
  caches?: CacheInvalidationSettings;
  /** Page images a day for guests and for signed-in readers (no limit when absent). */
  pageImageLimits?: PageImageLimits;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    /** Where the site limits page-image views, the grants page scans are served under. */
    scanGrants: ScanGrants;
  }
}

export type App = FastifyInstance;

/** Builds the /v1 server around its dependencies; tests call this with a real database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: { level: deps.logLevel ?? "info" },
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: PATH_PARAM_MAX },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
    trustProxy: deps.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  registerErrorHandler(app);
  const wechat = deps.auth?.oauth?.wechat;
  await registerSecurityHeaders(app, { frameSources: wechat ? [new URL(wechat.authUrl).origin] : [] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Canon reader /v1",
        description: "Reading, search and research API for the Chinese Buddhist canons.",
        version: "1",
      },
      components: {
        securitySchemes: bearerSecurityScheme,
      },
    },
    transform: jsonSchemaTransform,
  });
  if (deps.apiDocs ?? true)
    await app.register(fastifySwaggerUi, { routePrefix: "/v1/docs", staticCSP: true });
  await registerAuth(app, deps.canon, deps.auth);
  const limits = deps.pageImageLimits;
  app.decorate(
    "scanGrants",
    scanGrants({
      required: limits !== undefined && (limits.guestPerDay !== null || limits.readerPerDay !== null),
      secret: app.auth.secret,
      now: app.auth.now,
    }),
  );
  registerOplogWriter(app, deps.oplog);
  registerIdempotency(app, deps.canon, app.auth.now);
  await registerCacheInvalidation(app, deps.canon, deps.caches);
  registerHealthRoutes(app);
  registerReelCache(app);
  registerSearchDeps(app);
  registerFontSubsetPool(app);

  await app.register(
    async (v1) => {
      registerCanonRoutes(v1);
      registerImageRoutes(v1);
      registerCharRoutes(v1);
      registerCharTypeRoutes(v1);
      registerColophonRoutes(v1);
      registerPersonRoutes(v1);
      registerCitationRoutes(v1);
      registerFontRoutes(v1);
      registerAuthRoutes(v1);
      registerUserRoutes(v1);
      registerAdminUserRoutes(v1);
      registerOAuthRoutes(v1, deps.auth?.oauth ?? { publicUrl: "", google: null, wechat: null });
      registerTrackingRoutes(v1);
      registerSiteRoutes(v1, deps.wechatFollowQr ?? null);
      registerOplogRoutes(v1, deps.oplog?.retention);
      registerGroupRoutes(v1);
      registerUserDataRoutes(v1);
      registerFeedbackRoutes(v1);
      registerMessageRoutes(v1);
      registerApplicationRoutes(v1);
      registerArticleRoutes(v1);
      registerSearchRoutes(v1);
      registerOfflineRoutes(v1);
      registerPackRoutes(v1);
      await registerUploadRoutes(v1);
    },
    { prefix: "/v1" },
  );

  await registerStorageServing(app, deps.storage, app.auth.now, app.scanGrants);
  if (deps.webDistDir) await registerWebApp(app, deps.webDistDir);
  return app;
}

export { localStorage };
