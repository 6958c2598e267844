/** The reader's article screens: news, an article, staff and donors pages, introduction and help. */
import { createRoute } from "@tanstack/react-router";
import { checkArticleUid, checkTripitaka, PUBLIC } from "./guards.ts";
import { laterSearch } from "./laterSearch.ts";
import { firstSegment, guardWith, laterScreen, rootRoute, secondSegment } from "./root.ts";
import { routeTitles } from "./titles.ts";

const newsSearch = laterSearch(() =>
  import("../../features/articles/newsSearch.ts").then((m) => m.validateNewsSearch),
);

const newsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/article",
  staticData: { title: routeTitles.articles },
  validateSearch: newsSearch.validateSearch,
  beforeLoad: guardWith(PUBLIC, undefined, newsSearch),
  component: laterScreen(() => import("../../features/articles/NewsListScreen.tsx"), "NewsListScreen"),
});

const articleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/article/$articleUid",
  staticData: { title: routeTitles.article },
  beforeLoad: guardWith(PUBLIC, (location) => checkArticleUid(secondSegment(location))),
  component: laterScreen(() => import("../../features/articles/ArticleScreen.tsx"), "ArticleScreen"),
});

const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/staff",
  staticData: { title: routeTitles.staff },
  beforeLoad: guardWith(PUBLIC, (location) => checkTripitaka(firstSegment(location))),
  component: laterScreen(() => import("../../features/articles/ArticleScreen.tsx"), "StaffScreen"),
});

const donorsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/donors",
  staticData: { title: routeTitles.donors },
  beforeLoad: guardWith(PUBLIC, (location) => checkTripitaka(firstSegment(location))),
  component: laterScreen(() => import("../../features/articles/ArticleScreen.tsx"), "DonorsScreen"),
});

/** The introduction and help are one screen: it loads the help article on /help. */
const introductionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/Introduction",
  staticData: { title: routeTitles.introduction },
  beforeLoad: guardWith(PUBLIC, (location) => checkTripitaka(firstSegment(location))),
  component: laterScreen(() => import("../../features/articles/GuideScreen.tsx"), "GuideScreen"),
});

const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/help",
  staticData: { title: routeTitles.help },
  component: laterScreen(() => import("../../features/articles/GuideScreen.tsx"), "GuideScreen"),
});

export const articleRoutes = [
  newsRoute,
  articleRoute,
  staffRoute,
  donorsRoute,
  introductionRoute,
  helpRoute,
] as const;
