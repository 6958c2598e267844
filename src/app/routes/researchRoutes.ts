/**
 * The researchers' screens (spec sections 2 and 6: auth and the researcher role): character
 * images, character types and colophons of a tripitaka, and the people of the canon.
 */
import { createRoute } from "@tanstack/react-router";
import { validateCharImageSearch } from "../../features/char-image/charImageSearch.ts";
import { validateCharTypeSearch } from "../../features/char-type/charTypeSearch.ts";
import { validateColophonSearch } from "../../features/colophon/colophonSearch.ts";
import { validatePersonSearch } from "../../features/people/personSearch.ts";
import { checkTripitaka, RESEARCHER } from "./guards.ts";
import { firstSegment, guardWith, laterScreen, rootRoute } from "./root.ts";
import { routeTitles } from "./titles.ts";

const underTripitaka = guardWith(RESEARCHER, (location) => checkTripitaka(firstSegment(location)));

const charImageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/char-image",
  staticData: { title: routeTitles.charImage },
  validateSearch: validateCharImageSearch,
  beforeLoad: underTripitaka,
  component: laterScreen(() => import("../../features/char-image/CharImagePage.tsx"), "CharImagePage"),
});

const charTypeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/char-type",
  staticData: { title: routeTitles.charType },
  validateSearch: validateCharTypeSearch,
  beforeLoad: underTripitaka,
  component: laterScreen(() => import("../../features/char-type/CharTypePage.tsx"), "CharTypePage"),
});

const colophonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/colophon",
  staticData: { title: routeTitles.colophon },
  validateSearch: validateColophonSearch,
  beforeLoad: underTripitaka,
  component: laterScreen(() => import("../../features/colophon/ColophonPage.tsx"), "ColophonPage"),
});

const peopleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/people",
  staticData: { title: routeTitles.people },
  validateSearch: validatePersonSearch,
  beforeLoad: underTripitaka,
  component: laterScreen(() => import("../../features/people/PersonSearchPage.tsx"), "PersonSearchPage"),
});

const personRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/person/$personId",
  staticData: { title: routeTitles.person },
  beforeLoad: guardWith(RESEARCHER),
  component: laterScreen(() => import("../../features/people/PersonPage.tsx"), "PersonPage"),
});

export const researchRoutes = [charImageRoute, charTypeRoute, colophonRoute, peopleRoute, personRoute];
