/**
 * The root of the route tree and what every route module shares: the router's context, the
 * guards applied in `beforeLoad` (the pure functions of guards.ts turned into redirects) and the
 * path segments they check.
 */
import type { ParsedLocation } from "@tanstack/react-router";
import { createRootRouteWithContext, lazyRouteComponent, redirect } from "@tanstack/react-router";
import type { KeyValueStorage } from "../../auth/authState.ts";
import { withLaterMessages } from "../../i18n/activate.ts";
import { Shell } from "../shell/Shell.tsx";
import type { AppServices } from "../shell/services.ts";
import { type Access, checkAccess, type GuardDecision, LACKED_ROLE, REDIRECT_KEY } from "./guards.ts";
import type { LaterSearch } from "./laterSearch.ts";
import { NotFoundPage } from "./StatusPages.tsx";

export type RouterContext = { services: AppServices };

/** Turns a guard decision into the router's redirect (storing the return path when asked). */
export function enforce(decision: GuardDecision, session: KeyValueStorage): void {
  if (decision.kind === "allow") return;
  if (decision.remember !== undefined) {
    try {
      session.setItem(REDIRECT_KEY, decision.remember);
    } catch {
      // Without session storage sign-in returns home.
    }
  }
  const query = decision.search
    ? `?needRedirect=${decision.search.needRedirect}`
    : decision.lacks
      ? `?${LACKED_ROLE}=${decision.lacks}`
      : "";
  throw redirect({ href: `${decision.to}${query}`, replace: true });
}

type GuardArgs = { context: RouterContext; location: ParsedLocation };

/**
 * A signed-in reader who lacks the route's role asks for a new token once before being refused:
 * an application approved since sign-in gives the role without signing out again.
 */
async function decideWithFreshRoles(
  access: Access,
  services: AppServices,
  target: string,
): Promise<GuardDecision> {
  const decision = checkAccess(access, services.auth.state(), target);
  const lacksRole = decision.kind === "redirect" && services.auth.state().signedIn;
  if (!lacksRole || access.kind !== "signedIn" || !access.role) return decision;
  await services.api.refreshToken();
  return checkAccess(access, services.auth.state(), target);
}

/** The route's guards, then (for a screen whose address check loads later) that check. */
export function guardWith(
  access: Access,
  extra?: (location: ParsedLocation) => GuardDecision,
  search?: Pick<LaterSearch<never>, "ready">,
) {
  return async ({ context, location }: GuardArgs) => {
    const { services } = context;
    enforce(await decideWithFreshRoles(access, services, location.href), services.session);
    if (extra) enforce(extra(location), services.session);
    if (search) await search.ready(location);
  };
}

export const firstSegment = (location: ParsedLocation): string => location.pathname.split("/")[1] ?? "";
export const secondSegment = (location: ParsedLocation): string =>
  decodeURIComponent(location.pathname.split("/")[2] ?? "");

/**
 * The component of a screen reached after the reading screens: its code and the catalogue of the
 * texts that load after the first paint (src/i18n/activate.ts) come together.
 */
export function laterScreen<Module extends Record<string, unknown>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazyRouteComponent(() => withLaterMessages(load), name);
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFoundPage,
});
