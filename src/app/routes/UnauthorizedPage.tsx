/** 401: sign in when signed out; else what the lacking role means and how to get it. */
import { useLocation } from "@tanstack/react-router";
import { Suspense, useSyncExternalStore } from "react";
import { isRole } from "../../../contract/account-rules.ts";
import { common, pages } from "../../i18n/messages.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { StatusPage } from "../../ui/StatusPage.tsx";
import { useServices } from "../shell/services.ts";
import { LACKED_ROLE } from "./guards.ts";

export function SignInRequiredPage() {
  // Sent here by a guard (needRedirect=1): sign-in returns to the stored page.
  const needRedirect = useLocation({
    select: (location) => String((location.search as Record<string, unknown>).needRedirect ?? ""),
  });
  const loginHref = needRedirect === "1" ? "/login?needRedirect=1" : "/login";
  return (
    <StatusPage
      code="401"
      title={pages.unauthorizedTitle}
      text={pages.unauthorizedText}
      actions={[{ label: common.login, href: loginHref, name: "login" }]}
    />
  );
}

const RoleRequiredPage = lazyPart(
  () => import("../../features/apply/RoleRequiredPage.tsx"),
  "RoleRequiredPage",
  { texts: "later" },
);

/** /401: sign in when signed out; else what the lacking role means and how to get it. */
export function UnauthorizedPage() {
  const { auth } = useServices();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  const lacks = useLocation({
    select: (location) => String((location.search as Record<string, unknown>)[LACKED_ROLE] ?? ""),
  });
  if (!signedIn) return <SignInRequiredPage />;
  return (
    <Suspense fallback={null}>
      <RoleRequiredPage lacks={isRole(lacks) ? lacks : null} />
    </Suspense>
  );
}
