/** The administrators' screens (spec section 2: admin routes need the admin role). */
import { createRoute } from "@tanstack/react-router";
import { validateAccessLogSearch } from "../../features/admin/access-log/accessLogSearch.ts";
import { APPLICATION_LIST } from "../../features/admin/applications/applicationList.ts";
import { articleListShape } from "../../features/admin/articles/articleListShape.ts";
import { FEEDBACK_LIST } from "../../features/admin/feedback/feedbackSearch.ts";
import { validateStatisticsSearch } from "../../features/admin/statistics/statisticsSearch.ts";
import { ADMIN_USER_LIST } from "../../features/admin/users/adminUserList.ts";
import { listSearchValidator } from "../../features/list-screen/listSearch.ts";
import { ADMIN } from "./guards.ts";
import { guardWith, laterScreen, rootRoute } from "./root.ts";
import { routeTitles } from "./titles.ts";

const adminApplyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/apply",
  staticData: { title: routeTitles.adminApply },
  validateSearch: listSearchValidator(APPLICATION_LIST),
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(
    () => import("../../features/admin/applications/ApplicationsPage.tsx"),
    "ApplicationsPage",
  ),
});

const adminFeedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/feedback",
  staticData: { title: routeTitles.adminFeedback },
  validateSearch: listSearchValidator(FEEDBACK_LIST),
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(() => import("../../features/admin/feedback/FeedbackPage.tsx"), "FeedbackPage"),
});

const adminArticlesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/article",
  staticData: { title: routeTitles.adminArticles },
  validateSearch: listSearchValidator(articleListShape),
  beforeLoad: guardWith(ADMIN),
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
  validateSearch: listSearchValidator(ADMIN_USER_LIST),
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(
    () => import("../../features/admin/users/AdminUserListPage.tsx"),
    "AdminUserListPage",
  ),
});

const adminStatisticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/statistical",
  staticData: { title: routeTitles.adminStatistics },
  validateSearch: validateStatisticsSearch,
  beforeLoad: guardWith(ADMIN),
  component: laterScreen(
    () => import("../../features/admin/statistics/StatisticsPage.tsx"),
    "StatisticsPage",
  ),
});

const adminAccessLogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/access-log",
  staticData: { title: routeTitles.adminAccessLog },
  validateSearch: validateAccessLogSearch,
  beforeLoad: guardWith(ADMIN),
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
