/**
 * Routes of the spec whose screens are not built yet: declared with their guards and titles, shown
 * as "not yet available", and not linked from any menu.
 */
import type { MessageDescriptor } from "@lingui/core";
import { type Access, ADMIN, PUBLIC, RESEARCHER } from "./guards.ts";
import { routeTitles as t } from "./titles.ts";

export type PlaceholderRoute = {
  path: string;
  access: Access;
  title: MessageDescriptor;
  /** The first segment is a tripitaka code that must be a listed one. */
  underTripitaka?: boolean;
};

export const placeholderRoutes: readonly PlaceholderRoute[] = [
  { path: "/article", access: PUBLIC, title: t.articles },
  { path: "/article/$articleUid", access: PUBLIC, title: t.article },
  { path: "/admin/article", access: ADMIN, title: t.adminArticles },
  { path: "/admin/article/view/$articleUid", access: ADMIN, title: t.adminArticleView },
  { path: "/admin/article/add", access: ADMIN, title: t.adminArticleAdd },
  { path: "/admin/article/update/$articleUid", access: ADMIN, title: t.adminArticleUpdate },
  { path: "/$tripitaka/char-image", access: RESEARCHER, title: t.charImage, underTripitaka: true },
  { path: "/$tripitaka/char-type", access: RESEARCHER, title: t.charType, underTripitaka: true },
  { path: "/$tripitaka/colophon", access: RESEARCHER, title: t.colophon, underTripitaka: true },
  { path: "/$tripitaka/Introduction", access: PUBLIC, title: t.introduction, underTripitaka: true },
  { path: "/help", access: PUBLIC, title: t.help },
  { path: "/admin/user/list", access: ADMIN, title: t.adminUsers },
  { path: "/admin/statistical", access: ADMIN, title: t.adminStatistics },
  { path: "/admin/access-log", access: ADMIN, title: t.adminAccessLog },
  { path: "/admin/apply", access: ADMIN, title: t.adminApply },
  { path: "/admin/feedback", access: ADMIN, title: t.adminFeedback },
];
