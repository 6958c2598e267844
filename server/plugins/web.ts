import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  APP_FILES_COOKIE,
  type FirstScreen,
  firstScreenOf,
  parseReadingCookie,
  pathSegments,
  READING_TEXT_COOKIE,
  reelPath,
} from "../../contract/app-screens.ts";
import { ok } from "../../contract/envelope.ts";
import { type AppLocale, pickLocale } from "../../contract/locale-rules.ts";
import { DEFAULT_TXT_TYPE, type TxtType, txtTypes } from "../../contract/tripitaka.ts";
import { notFound } from "../errors.ts";
import { listTripitakas, tripitakaSummary } from "../modules/canon/catalog-repository.ts";
import { createHomeDrawing, type HomeDrawing, readFirstScreenTexts } from "./home-drawing.ts";
import { createSearchDrawing, searchPageContents } from "./search-drawing.ts";
import { createWebPage } from "./web-page.ts";

/** Pages larger than this are sent compressed to a browser that accepts Brotli. */
const COMPRESS_OVER_BYTES = 2048;

function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim() ?? "")
    .filter((language) => language !== "");
}

/** The text form the reader's reel settings read, and whether the reel looks as by default. */
function readingOf(request: FastifyRequest): { txtType: TxtType; defaultLook: boolean } {
  const cookie = parseReadingCookie(request.cookies?.[READING_TEXT_COOKIE]);
  const txtType = txtTypes.find((type) => type === cookie.txtType) ?? DEFAULT_TXT_TYPE;
  return { txtType, defaultLook: cookie.defaultLook };
}

/** The reel the page opens on, as the reel route answers it; null when it cannot be read. */
async function reelAnswer(app: FastifyInstance, screen: FirstScreen, request: FastifyRequest) {
  if (screen.kind !== "reel") return null;
  const { txtType, defaultLook } = readingOf(request);
  try {
    const json = await app.reels.json(screen.reelUid, txtType);
    return json === null ? null : { path: reelPath(screen.reelUid, txtType), json, draw: defaultLook };
  } catch (error) {
    request.log.warn({ err: error }, "reel not put in the page");
    return null;
  }
}

/** The head of the home the page opens on, drawn in the reader's language; null when not drawn. */
async function homeDrawing(
  app: FastifyInstance,
  draw: HomeDrawing,
  path: string,
  locale: AppLocale,
  request: FastifyRequest,
): Promise<string | null> {
  const uid = pathSegments(path)[0];
  if (!uid) return null;
  try {
    const tripitaka = await tripitakaSummary(app.deps.canon.db, uid);
    return tripitaka ? draw(locale, tripitaka) : null;
  } catch (error) {
    request.log.warn({ err: error }, "home not drawn in the page");
    return null;
  }
}

/** The tripitaka list as `GET /v1/tripitaka/all` answers it; null when it cannot be read. */
async function tripitakasAnswer(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  try {
    return JSON.stringify(ok(await listTripitakas(app.deps.canon.db)));
  } catch (error) {
    request.log.warn({ err: error }, "tripitaka list not put in the page");
    return null;
  }
}

/**
 * Serves the built web app on the same port as the API. Files are served as they are (a `.br` or
 * `.gz` copy the build wrote goes to a browser that accepts it); any other GET outside /v1 and
 * /storage answers the app's page (web-page.ts) so the client router takes the path.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web app not built: run `npm run build:web`; serving the API only");
    return;
  }
  const texts = readFirstScreenTexts(distDir);
  const page = createWebPage(distDir, texts);
  const drawHome = createHomeDrawing(texts);
  const drawSearch = createSearchDrawing(texts);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    wildcard: false,
    decorateReply: true,
    preCompressed: true,
    setHeaders(reply, path) {
      // Only content-hashed assets are immutable: the service worker, the manifests and the
      // shell must be revalidated so that an installed app finds its updates.
      const name = relative(distDir, path).split(sep).join("/");
      const hashed = name.startsWith("assets/");
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      if (name.endsWith(".webmanifest")) reply.header("content-type", "application/manifest+json");
    },
  });
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    // Assets are content-hashed files: a name the running server does not know is a 404, not the app.
    if (path.startsWith("/v1/") || path.startsWith("/storage/") || path.startsWith("/assets/")) {
      throw notFound("route", path);
    }
    const screen = firstScreenOf(path);
    const locale = pickLocale(
      request.headers.cookie ?? "",
      acceptedLanguages(request.headers["accept-language"]),
    );
    const [reel, home, search, tripitakas] = await Promise.all([
      screen ? reelAnswer(app, screen, request) : null,
      screen?.kind === "home" ? homeDrawing(app, drawHome, path, locale, request) : null,
      screen?.kind === "search" ? searchPageContents(app, drawSearch, path, locale, request) : null,
      tripitakasAnswer(app, request),
    ]);
    const answer = reel ?? search?.answer ?? null;
    const drawing = home ?? search?.drawing ?? null;
    const filesOf = request.cookies?.[APP_FILES_COOKIE] ?? null;
    const html = page.html(screen, locale, { answer, drawing, tripitakas, filesOf });
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding, cookie");
    reply.type("text/html; charset=utf-8");
    const accepts = String(request.headers["accept-encoding"] ?? "");
    if (html.length > COMPRESS_OVER_BYTES && /\bbr\b/.test(accepts)) {
      const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header("content-encoding", "br").send(body);
    }
    return reply.send(html);
  });
}
