/** What every way of signing in ends with: the token stored, LOGIN recorded, the next page. */
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { useServices } from "../../app/shell/services.ts";
import { asksRedirect, loginTarget, NEED_REDIRECT, takeStoredRedirect } from "./afterLogin.ts";

export type LoginMethod = "password" | "code" | "google" | "wechat";

export function useCompleteLogin(): (token: string, method: LoginMethod) => void {
  const services = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (token: string, method: LoginMethod) => {
      services.auth.set(token);
      services.tracker.track("LOGIN", location.href, { method });
      const search = location.search as Record<string, unknown>;
      const redirectUri = typeof search.redirect_uri === "string" ? search.redirect_uri : null;
      const stored = takeStoredRedirect(services.session);
      const target = loginTarget(redirectUri, stored, asksRedirect(search[NEED_REDIRECT]));
      if (target.kind === "external") window.location.assign(target.url);
      else void navigate({ href: target.href, replace: true });
    },
    [services, navigate, location],
  );
}
