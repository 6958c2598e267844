/**
 * The root of the route tree and what every route module shares: the router's context, the
 * guards applied in `beforeLoad` (the pure functions of guards.ts turned into redirects) and the
 * path segments they check.
 */
import type { ParsedLocation } from "@tanstack/react-router";
import { createRootRouteWithContext, redirect } from "@tanstack/react-router";
import type { KeyValueStorage } from "../../auth/authState.ts";
import { Shell } from "../shell/Shell.tsx";
import type { AppServices } from "../shell/services.ts";
import { type Access, checkAccess, type GuardDecision, REDIRECT_KEY } from "./guards.ts";
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
  const query = decision.search ? `?needRedirect=${decision.search.needRedirect}` : "";
  throw redirect({ href: `${decision.to}${query}`, replace: true });
}

type GuardArgs = { context: RouterContext; location: ParsedLocation };

export function guardWith(access: Access, extra?: (location: ParsedLocation) => GuardDecision) {
  return ({ context, location }: GuardArgs) => {
    const { auth, session } = context.services;
    enforce(checkAccess(access, auth.state(), location.href), session);
    if (extra) enforce(extra(location), session);
  };
}

export const firstSegment = (location: ParsedLocation): string => location.pathname.split("/")[1] ?? "";
export const secondSegment = (location: ParsedLocation): string =>
  decodeURIComponent(location.pathname.split("/")[2] ?? "");

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFoundPage,
});
