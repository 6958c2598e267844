/**
 * The page-image view limit (spec sections 2 and 7): past so many pages a day, GET /v1/page
 * answers a page with `allowed: false` and without its image, and the page reader shows the
 * read-limit message. Signed-in readers are counted by user id. Guests are counted twice over, by
 * a visitor id kept in a cookie and by their address, and must be under the limit on both, so
 * that dropping the cookie alone does not start the count afresh. A page without a scan is not
 * counted. Pages read from the offline library never reach the server, so they are not counted.
 * Where a limit is set, a scan is served only at the granted address a counted view gives
 * (storage/scan-grants.ts), so its stored path alone does not pass the limit.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Page } from "../../../contract/canon.ts";
import { addressKey } from "../../client-address.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import type { ScanGrants } from "../../storage/scan-grants.ts";
import { countPageView, deleteOldPageViews, utcDay } from "./page-image-views.ts";

/** Distinct pages a day each may see with their image; null for no limit. */
export type PageImageLimits = { guestPerDay: number | null; readerPerDay: number | null };

export const NO_PAGE_IMAGE_LIMITS: PageImageLimits = { guestPerDay: null, readerPerDay: null };

export const VISITOR_COOKIE = "visitor_id";

/** Browsers keep a cookie 400 days at most. */
const VISITOR_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

const BEARER = /^Bearer\s+\S+$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function visitorId(request: FastifyRequest, reply: FastifyReply): string {
  const kept = request.cookies[VISITOR_COOKIE];
  if (kept && UUID.test(kept)) return kept;
  const fresh = randomUUID();
  reply.setCookie(VISITOR_COOKIE, fresh, {
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    // Every call that counts a view (GET /v1/page, GET /v1/img) reads it.
    path: "/v1",
    maxAge: VISITOR_COOKIE_MAX_AGE_S,
  });
  return fresh;
}

export type PageImageGate = {
  /** The page as its asker may have it today: counted (its scan at a granted address), or refused its image. */
  page(request: FastifyRequest, reply: FastifyReply, page: Page): Promise<Page>;
  /** Whether the asker may see the scan of the page today, counting the view when they may. */
  admits(request: FastifyRequest, reply: FastifyReply, pageUid: string): Promise<boolean>;
};

export function pageImageGate(
  db: () => Kysely<Database>,
  limits: PageImageLimits,
  grants: ScanGrants,
  now: () => number,
): PageImageGate {
  let prunedDay = Number.NEGATIVE_INFINITY;
  async function admits(request: FastifyRequest, reply: FastifyReply, pageUid: string): Promise<boolean> {
    // Counted as a guest, a reader whose access token has just expired could be refused what
    // their own limit allows; a 401 has the web app refresh the token and ask again.
    if (!request.user && limits.guestPerDay !== null && BEARER.test(request.headers.authorization ?? "")) {
      throw new ApiError(401, "the access token has expired or been revoked");
    }
    const limit = request.user ? limits.readerPerDay : limits.guestPerDay;
    if (limit === null) return true;
    const viewers = request.user
      ? [`user:${request.user.id}`]
      : [`visitor:${visitorId(request, reply)}`, `address:${addressKey(request.ip)}`];
    const day = utcDay(now());
    if (day !== prunedDay) {
      prunedDay = day;
      await deleteOldPageViews(db(), day);
    }
    return countPageView(db(), { viewers, day, pageUid, limit });
  }
  return {
    admits,
    async page(request, reply, page) {
      if (!page.img_url) return page;
      if (await admits(request, reply, page.uid)) return { ...page, img_url: grants.granted(page.img_url) };
      return { ...page, allowed: false, image: null, img_url: null, thumb_url: null };
    },
  };
}

/** The gate over the app's own database, limits, grants and clock. */
export function appPageImageGate(app: FastifyInstance): PageImageGate {
  return pageImageGate(
    () => app.deps.canon.db,
    app.deps.pageImageLimits ?? NO_PAGE_IMAGE_LIMITS,
    app.scanGrants,
    app.auth.now,
  );
}

/** Downloads and packs would hand out scans uncounted: where views are limited, they carry none. */
export const scansNotDownloadable = (): ApiError =>
  new ApiError(403, "this site limits page-image views: downloads and packs carry no page scans");
