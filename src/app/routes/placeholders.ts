/**
 * Routes of the spec whose screens are not built yet (the research tools): declared with their
 * guards and titles and shown as "not yet available"; only the researcher's shortcut in the user
 * menu links one of them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { type Access, RESEARCHER } from "./guards.ts";
import { routeTitles as t } from "./titles.ts";

export type PlaceholderRoute = {
  path: string;
  access: Access;
  title: MessageDescriptor;
  /** The first segment is a tripitaka code that must be a listed one. */
  underTripitaka?: boolean;
};

export const placeholderRoutes: readonly PlaceholderRoute[] = [
  { path: "/$tripitaka/char-image", access: RESEARCHER, title: t.charImage, underTripitaka: true },
  { path: "/$tripitaka/char-type", access: RESEARCHER, title: t.charType, underTripitaka: true },
  { path: "/$tripitaka/colophon", access: RESEARCHER, title: t.colophon, underTripitaka: true },
];
