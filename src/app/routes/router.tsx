/**
 * The route tree (code-based, spec section 2): the reading, search, account and personal routes
 * here, the article screens in articleRoutes.ts, the admin screens in adminRoutes.ts. Every route
 * runs its guard in `beforeLoad` (root.ts).
 */
import type { MessageDescriptor } from "@lingui/core";
import { createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { parseApplySearch } from "../../features/apply/applySearch.ts";
import { parseMessageSearch } from "../../features/personal/tabs.ts";
import { pwaText } from "../../offline/pwa/messages.ts";
import type { AppServices } from "../shell/services.ts";
import { adminRoutes } from "./adminRoutes.ts";
import { articleRoutes } from "./articleRoutes.ts";
import {
  checkPageUid,
  checkReelUid,
  checkTripitaka,
  checkUnmatched,
  homeRedirect,
  PUBLIC,
  SIGNED_IN,
  SIGNED_OUT_ONLY,
} from "./guards.ts";
import { laterSearch } from "./laterSearch.ts";
import { researchRoutes } from "./researchRoutes.ts";
import { enforce, firstSegment, guardWith, laterScreen, rootRoute, secondSegment } from "./root.ts";
import { NotFoundPage } from "./StatusPages.tsx";
import { routeTitles } from "./titles.ts";

export type { RouterContext } from "./root.ts";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    title?: MessageDescriptor;
  }
  interface Register {
    router: AppRouter;
  }
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: ({ context }) => enforce(homeRedirect(), context.services.session),
});

const tripitakaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka",
  staticData: { title: routeTitles.home },
  beforeLoad: ({ context, params }) => enforce(checkTripitaka(params.tripitaka), context.services.session),
  component: lazyRouteComponent(() => import("./TripitakaScreen.tsx"), "TripitakaScreen"),
});

const reelRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/scroll/$reelUid",
  staticData: { title: routeTitles.reel },
  beforeLoad: guardWith(PUBLIC, (location) => checkReelUid(secondSegment(location))),
  component: lazyRouteComponent(() => import("./ReelScreen.tsx"), "ReelScreen"),
});

const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/page/$pageUid",
  staticData: { title: routeTitles.page },
  beforeLoad: guardWith(SIGNED_IN, (location) => checkPageUid(secondSegment(location))),
  component: lazyRouteComponent(() => import("../../features/reader-page/PageScreen.tsx"), "PageScreen"),
});

/** The search page's address check comes with its screen's code, which the entry starts at once. */
const searchParams = laterSearch(() =>
  import("../../features/search/searchParams.ts").then((m) => m.validateSearchParams),
);

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/search",
  staticData: { title: routeTitles.search },
  validateSearch: searchParams.validateSearch,
  beforeLoad: guardWith(PUBLIC, (location) => checkTripitaka(firstSegment(location)), searchParams),
  component: lazyRouteComponent(() => import("../../features/search/SearchScreen.tsx"), "SearchScreen"),
});

const citeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/cite/$reference",
  staticData: { title: routeTitles.cite },
  component: laterScreen(() => import("../../features/cite/CitePage.tsx"), "CitePage"),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/404",
  staticData: { title: routeTitles.notFound },
  component: NotFoundPage,
});

const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/401",
  staticData: { title: routeTitles.unauthorized },
  component: lazyRouteComponent(() => import("./UnauthorizedPage.tsx"), "UnauthorizedPage"),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  staticData: { title: routeTitles.login },
  beforeLoad: guardWith(SIGNED_OUT_ONLY),
  component: laterScreen(() => import("../../features/account/LoginPage.tsx"), "LoginPage"),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/register",
  staticData: { title: routeTitles.register },
  beforeLoad: guardWith(SIGNED_OUT_ONLY),
  component: laterScreen(() => import("../../features/account/RegisterPage.tsx"), "RegisterPage"),
});

const forgetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forget-password",
  staticData: { title: routeTitles.forgetPassword },
  beforeLoad: guardWith(SIGNED_OUT_ONLY),
  component: laterScreen(() => import("../../features/account/ForgetPasswordPage.tsx"), "ForgetPasswordPage"),
});

const googleReturnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login/google",
  staticData: { title: routeTitles.loginGoogle },
  component: laterScreen(() => import("../../features/account/OAuthReturnPage.tsx"), "GoogleReturnPage"),
});

const wechatReturnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login/wechat",
  staticData: { title: routeTitles.loginWechat },
  component: laterScreen(() => import("../../features/account/OAuthReturnPage.tsx"), "WechatReturnPage"),
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/terms",
  staticData: { title: routeTitles.terms },
  component: laterScreen(() => import("../../features/policy/PolicyPage.tsx"), "TermsPage"),
});

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/privacy",
  staticData: { title: routeTitles.privacy },
  component: laterScreen(() => import("../../features/policy/PolicyPage.tsx"), "PrivacyPage"),
});

const messageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/message",
  staticData: { title: routeTitles.message },
  validateSearch: parseMessageSearch,
  beforeLoad: guardWith(SIGNED_IN),
  component: laterScreen(() => import("../../features/personal/MessageCentre.tsx"), "MessageCentre"),
});

const applyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/apply",
  staticData: { title: routeTitles.apply },
  validateSearch: parseApplySearch,
  beforeLoad: guardWith(SIGNED_IN),
  component: laterScreen(() => import("../../features/apply/ApplyPage.tsx"), "ApplyPage"),
});

const applyResultRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/apply-result",
  staticData: { title: routeTitles.applyResult },
  beforeLoad: guardWith(SIGNED_IN),
  component: laterScreen(() => import("../../features/apply/ApplyResultPage.tsx"), "ApplyResultPage"),
});

const offlineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/offline",
  staticData: { title: pwaText.storageTitle },
  component: laterScreen(() => import("../../offline/library/StoragePanel.tsx"), "StoragePanel"),
});

/** Any other path: home of its tripitaka, or /404 for an unknown single segment. */
const unmatchedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  beforeLoad: ({ context, location }) => enforce(checkUnmatched(location.pathname), context.services.session),
  component: NotFoundPage,
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  tripitakaRoute,
  reelRoute,
  pageRoute,
  searchRoute,
  citeRoute,
  notFoundRoute,
  unauthorizedRoute,
  loginRoute,
  registerRoute,
  forgetPasswordRoute,
  googleReturnRoute,
  wechatReturnRoute,
  termsRoute,
  privacyRoute,
  messageRoute,
  applyRoute,
  applyResultRoute,
  offlineRoute,
  ...articleRoutes,
  ...adminRoutes,
  ...researchRoutes,
  unmatchedRoute,
]);

export function createAppRouter(services: AppServices) {
  return createRouter({ routeTree, context: { services }, defaultPreload: false });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
