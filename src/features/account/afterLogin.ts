/**
 * Where a reader goes after signing in (spec section 2): the `redirect_uri` query value (an
 * absolute address is followed as an external one), else the page stored when a guard sent them
 * to sign in, else home.
 */
import { REDIRECT_KEY } from "../../app/routes/guards.ts";
import type { KeyValueStorage } from "../../auth/authState.ts";

export type LoginTarget = { kind: "internal"; href: string } | { kind: "external"; url: string };

const HOME: LoginTarget = { kind: "internal", href: "/" };

function isInternalPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

export function loginTarget(redirectUri: string | null | undefined, stored: string | null): LoginTarget {
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
  if (stored && isInternalPath(stored)) return { kind: "internal", href: stored };
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
