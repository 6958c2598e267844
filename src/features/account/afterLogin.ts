/**
 * Where a reader goes after signing in (spec section 2): the `redirect_uri` query value (an
 * absolute address is followed as an external one), else the page stored when the reader was sent
 * to sign in from it (the sign-in address then carries `needRedirect=1`), else home.
 */
import { REDIRECT_KEY } from "../../app/routes/guards.ts";
import type { KeyValueStorage } from "../../auth/authState.ts";

export type LoginTarget = { kind: "internal"; href: string } | { kind: "external"; url: string };

const HOME: LoginTarget = { kind: "internal", href: "/" };

/** The query flag that says a page was stored to come back to. */
export const NEED_REDIRECT = "needRedirect";

function isInternalPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

/** The router parses `needRedirect=1` as the number 1; a hand-written address may keep the string. */
export const asksRedirect = (value: unknown): boolean => value === 1 || value === "1";

export function loginTarget(
  redirectUri: string | null | undefined,
  stored: string | null,
  needRedirect: boolean,
): LoginTarget {
  const wanted = redirectUri?.trim();
  if (wanted) {
    if (isInternalPath(wanted)) return { kind: "internal", href: wanted };
    try {
      const url = new URL(wanted);
      if (url.protocol === "https:" || url.protocol === "http:") return { kind: "external", url: url.href };
    } catch {
      // Not an address at all: fall through to the stored page.
    }
  }
  if (needRedirect && stored && isInternalPath(stored)) return { kind: "internal", href: stored };
  return HOME;
}

/** Reads and forgets the stored page. */
export function takeStoredRedirect(session: KeyValueStorage): string | null {
  try {
    const stored = session.getItem(REDIRECT_KEY);
    session.removeItem(REDIRECT_KEY);
    return stored;
  } catch {
    return null;
  }
}

/** Stores `path` to come back to and answers the sign-in address that will return there. */
export function loginHrefReturningTo(session: KeyValueStorage, path: string, to = "/login"): string {
  try {
    session.setItem(REDIRECT_KEY, path);
    return `${to}?${NEED_REDIRECT}=1`;
  } catch {
    return to;
  }
}
