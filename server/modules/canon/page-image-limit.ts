/**
 * The page-image view limit (spec sections 2 and 7): past so many pages a day, GET /v1/page
 * answers a page with `allowed: false` and without its image, and the page reader shows the
 * read-limit message. Signed-in readers are counted by user id. Guests are counted twice over, by
 * a visitor id kept in a cookie and by their address, and must be under the limit on both, so
 * that dropping the cookie alone does not start the count afresh. A page without a scan is not
 * counted. Pages read from the offline library never reach the server, so they are not counted.
 */
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Page } from "../../../contract/canon.ts";
import { addressKey } from "../../client-address.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
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
    path: "/v1/page",
    maxAge: VISITOR_COOKIE_MAX_AGE_S,
  });
  return fresh;
}

export type PageImageGate = (request: FastifyRequest, reply: FastifyReply, page: Page) => Promise<Page>;

/** The page as its asker may have it today: counted, or refused its image. */
export function pageImageGate(
  db: () => Kysely<Database>,
  limits: PageImageLimits,
  now: () => number,
): PageImageGate {
  let prunedDay = Number.NEGATIVE_INFINITY;
  return async (request, reply, page) => {
    if (!page.img_url) return page;
    // Counted as a guest, a reader whose access token has just expired could be refused what
    // their own limit allows; a 401 has the web app refresh the token and ask again.
    if (!request.user && limits.guestPerDay !== null && BEARER.test(request.headers.authorization ?? "")) {
      throw new ApiError(401, "the access token has expired or been revoked");
    }
    const limit = request.user ? limits.readerPerDay : limits.guestPerDay;
    if (limit === null) return page;
    const viewers = request.user
      ? [`user:${request.user.id}`]
      : [`visitor:${visitorId(request, reply)}`, `address:${addressKey(request.ip)}`];
    const day = utcDay(now());
    if (day !== prunedDay) {
      prunedDay = day;
      await deleteOldPageViews(db(), day);
    }
    if (await countPageView(db(), { viewers, day, pageUid: page.uid, limit })) return page;
    return { ...page, allowed: false, image: null, img_url: null, thumb_url: null };
  };
}
