/** The administrators' screens (spec section 2: admin routes need the admin role). */
import { createRoute } from "@tanstack/react-router";
import { ADMIN } from "./guards.ts";
import { laterSearch } from "./laterSearch.ts";
import { guardWith, laterScreen, rootRoute } from "./root.ts";
import { routeTitles } from "./titles.ts";

const listOf = <Shape>(load: () => Promise<Shape>) =>
  laterSearch(async () => {
    const [{ listSearchValidator }, shape] = await Promise.all([
      import("../../features/list-screen/listSearch.ts"),
      load(),
    ]);
    return listSearchValidator(shape as Parameters<typeof listSearchValidator>[0]);
  });

const applySearch = listOf(() =>
  import("../../features/admin/applications/applicationList.ts").then((m) => m.APPLICATION_LIST),
);
const feedbackSearch = listOf(() =>
  import("../../features/admin/feedback/feedbackSearch.ts").then((m) => m.FEEDBACK_LIST),
);
const articleSearch = listOf(() =>
  import("../../features/admin/articles/articleListShape.ts").then((m) => m.articleListShape),
);
const userSearch = listOf(() =>
  import("../../features/admin/users/adminUserList.ts").then((m) => m.ADMIN_USER_LIST),
);
const statisticsSearch = laterSearch(() =>
  import("../../features/admin/statistics/statisticsSearch.ts").then((m) => m.validateStatisticsSearch),
);
const accessLogSearch = laterSearch(() =>
  import("../../features/admin/access-log/accessLogSearch.ts").then((m) => m.validateAccessLogSearch),
);

const adminApplyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/apply",
  staticData: { title: routeTitles.adminApply },
  validateSearch: applySearch.validateSearch,
  beforeLoad: guardWith(ADMIN, undefined, applySearch),
  component: laterScreen(
    () => import("../../features/admin/applications/ApplicationsPage.tsx"),
    "ApplicationsPage",
  ),
});

const adminFeedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/feedback",
  staticData: { title: routeTitles.adminFeedback },
  validateSearch: feedbackSearch.validateSearch,
  beforeLoad: guardWith(ADMIN, undefined, feedbackSearch),
  component: laterScreen(() => import("../../features/admin/feedback/FeedbackPage.tsx"), "FeedbackPage"),
});

const adminArticlesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/article",
  staticData: { title: routeTitles.adminArticles },
  validateSearch: articleSearch.validateSearch,
  beforeLoad: guardWith(ADMIN, undefined, articleSearch),
  component: laterScreen(
    () => import("../../features/admin/articles/ArticleListPage.tsx"),
    "ArticleListPage",
  ),
});

const adminArticleViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/article/view/$articleUid",
  staticData: { title: routeTitles.adminArticleView },
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(
    () => import("../../features/admin/articles/ArticleViewPage.tsx"),
    "ArticleViewPage",
  ),
});

const adminArticleAddRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/article/add",
  staticData: { title: routeTitles.adminArticleAdd },
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(
    () => import("../../features/admin/articles/ArticleEditPages.tsx"),
    "ArticleAddPage",
  ),
});

const adminArticleUpdateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/article/update/$articleUid",
  staticData: { title: routeTitles.adminArticleUpdate },
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(
    () => import("../../features/admin/articles/ArticleEditPages.tsx"),
    "ArticleUpdatePage",
  ),
});

const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/user/list",
  staticData: { title: routeTitles.adminUsers },
  validateSearch: userSearch.validateSearch,
  beforeLoad: guardWith(ADMIN, undefined, userSearch),
  component: laterScreen(
    () => import("../../features/admin/users/AdminUserListPage.tsx"),
    "AdminUserListPage",
  ),
});

const adminStatisticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/statistical",
  staticData: { title: routeTitles.adminStatistics },
  validateSearch: statisticsSearch.validateSearch,
  beforeLoad: guardWith(ADMIN, undefined, statisticsSearch),
  component: laterScreen(
    () => import("../../features/admin/statistics/StatisticsPage.tsx"),
    "StatisticsPage",
  ),
});

const adminAccessLogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/access-log",
  staticData: { title: routeTitles.adminAccessLog },
  validateSearch: accessLogSearch.validateSearch,
  beforeLoad: guardWith(ADMIN, undefined, accessLogSearch),
  component: laterScreen(() => import("../../features/admin/access-log/AccessLogPage.tsx"), "AccessLogPage"),
});

export const adminRoutes = [
  adminArticlesRoute,
  adminArticleViewRoute,
  adminArticleAddRoute,
  adminArticleUpdateRoute,
  adminUsersRoute,
  adminStatisticsRoute,
  adminAccessLogRoute,
  adminApplyRoute,
  adminFeedbackRoute,
] as const;
