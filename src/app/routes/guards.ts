/**
 * Route guards as pure functions (spec section 2): each takes the route's access rule, the
 * sign-in state and the target, and answers whether to show the route or where to send the reader.
 */
import type { Role } from "../../../contract/accounts.ts";
import { pathSegments } from "../../../contract/app-screens.ts";
import { ARTICLE_UID_MAX, ARTICLE_UID_PATTERN } from "../../../contract/article-rules.ts";
import { isPageUid, isReelUid } from "../../../contract/ids.ts";
import { DEFAULT_TRIPITAKA, listedTripitakaCodes } from "../../../contract/tripitaka.ts";
import type { AuthState } from "../../auth/authState.ts";

export type Access =
  | { kind: "public" }
  | { kind: "signedIn"; role?: Role }
  /** Sign-in, sign-up and recovery: a signed-in reader is sent to /404. */
  | { kind: "signedOutOnly" };

export const PUBLIC: Access = { kind: "public" };
export const SIGNED_IN: Access = { kind: "signedIn" };
export const ADMIN: Access = { kind: "signedIn", role: "admin" };
export const RESEARCHER: Access = { kind: "signedIn", role: "researcher" };
export const SIGNED_OUT_ONLY: Access = { kind: "signedOutOnly" };

export type GuardDecision =
  | { kind: "allow" }
  | {
      kind: "redirect";
      to: "/401" | "/404" | `/${string}`;
      search?: { needRedirect: 1 };
      /** The full target path to store, so sign-in can return to it. */
      remember?: string;
      /** The role a signed-in reader lacks: /401 says what to do about it. */
      lacks?: Role;
    };

const ALLOW: GuardDecision = { kind: "allow" };
const NOT_FOUND: GuardDecision = { kind: "redirect", to: "/404" };

/** The query key of /401 naming the role a signed-in reader lacks. */
export const LACKED_ROLE = "role";

/** Session storage key of the page to return to after signing in. */
export const REDIRECT_KEY = "canon-reader.redirect";

/** `target` is the full path with its query, e.g. `/page/JS_1_2?cid=…`. */
export function checkAccess(access: Access, auth: AuthState, target: string): GuardDecision {
  switch (access.kind) {
    case "public":
      return ALLOW;
    case "signedOutOnly":
      return auth.signedIn ? NOT_FOUND : ALLOW;
    case "signedIn":
      if (!auth.signedIn)
        return { kind: "redirect", to: "/401", search: { needRedirect: 1 }, remember: target };
      if (access.role && !auth.roles.includes(access.role))
        return { kind: "redirect", to: "/401", lacks: access.role };
      return ALLOW;
  }
}

export const isListedTripitaka = (code: string): boolean =>
  (listedTripitakaCodes as readonly string[]).includes(code);

/** `/{code}`: a listed code is the home of that tripitaka, anything else is /404. */
export function checkTripitaka(code: string): GuardDecision {
  return isListedTripitaka(code) ? ALLOW : NOT_FOUND;
}

export function checkReelUid(reelUid: string): GuardDecision {
  return isReelUid(reelUid) ? ALLOW : NOT_FOUND;
}

export function checkPageUid(pageUid: string): GuardDecision {
  return isPageUid(pageUid) ? ALLOW : NOT_FOUND;
}

/** An article uid that cannot exist (bad characters, too long) is a missing article: /404. */
export function checkArticleUid(uid: string): GuardDecision {
  return uid.length <= ARTICLE_UID_MAX && ARTICLE_UID_PATTERN.test(uid) ? ALLOW : NOT_FOUND;
}

/** `/` goes to the default tripitaka. */
export const homeRedirect = (): GuardDecision => ({ kind: "redirect", to: `/${DEFAULT_TRIPITAKA}` });

/**
 * A path no route matched: the spec shows home for it, so it goes to the home of the tripitaka
 * it starts with (or the default one); a single segment that is not a known code is /404.
 */
export function checkUnmatched(pathname: string): GuardDecision {
  const [first, ...rest] = pathSegments(pathname);
  if (first === undefined) return homeRedirect();
  if (rest.length === 0) return isListedTripitaka(first) ? ALLOW : NOT_FOUND;
  return isListedTripitaka(first) ? { kind: "redirect", to: `/${first}` } : homeRedirect();
}

/**
 * The tripitaka a path is about: the first segment when it is a listed code, else the uppercase
 * prefix of the reel or page uid on reading routes.
 */
export function tripitakaOfPath(pathname: string): string | null {
  const [first, second] = pathSegments(pathname);
  if (first && isListedTripitaka(first)) return first;
  if ((first === "scroll" || first === "page") && second) return /^[A-Z]{2}/.exec(second)?.[0] ?? null;
  return null;
}

/** Reel and page reading use the dark theme when the reader has night reading on. */
export function isReadingPath(pathname: string): boolean {
  const [first, second] = pathSegments(pathname);
  return (first === "scroll" || first === "page") && second !== undefined;
}
