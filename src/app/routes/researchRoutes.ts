/**
 * The researchers' screens (spec sections 2 and 6: auth and the researcher role): character
 * images, character types and colophons of a tripitaka, and the people of the canon.
 */
import { createRoute } from "@tanstack/react-router";
import { checkTripitaka, RESEARCHER } from "./guards.ts";
import { laterSearch } from "./laterSearch.ts";
import { firstSegment, guardWith, laterScreen, rootRoute } from "./root.ts";
import { routeTitles } from "./titles.ts";

const charImageSearch = laterSearch(() =>
  import("../../features/char-image/charImageSearch.ts").then((m) => m.validateCharImageSearch),
);
const charTypeSearch = laterSearch(() =>
  import("../../features/char-type/charTypeSearch.ts").then((m) => m.validateCharTypeSearch),
);
const colophonSearch = laterSearch(() =>
  import("../../features/colophon/colophonSearch.ts").then((m) => m.validateColophonSearch),
);
const personSearch = laterSearch(() =>
  import("../../features/people/personSearch.ts").then((m) => m.validatePersonSearch),
);

const underTripitaka = (search: Parameters<typeof guardWith>[2]) =>
  guardWith(RESEARCHER, (location) => checkTripitaka(firstSegment(location)), search);

const charImageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/char-image",
  staticData: { title: routeTitles.charImage },
  validateSearch: charImageSearch.validateSearch,
  beforeLoad: underTripitaka(charImageSearch),
  component: laterScreen(() => import("../../features/char-image/CharImagePage.tsx"), "CharImagePage"),
});

const charTypeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/char-type",
  staticData: { title: routeTitles.charType },
  validateSearch: charTypeSearch.validateSearch,
  beforeLoad: underTripitaka(charTypeSearch),
  component: laterScreen(() => import("../../features/char-type/CharTypePage.tsx"), "CharTypePage"),
});

const colophonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/colophon",
  staticData: { title: routeTitles.colophon },
  validateSearch: colophonSearch.validateSearch,
  beforeLoad: underTripitaka(colophonSearch),
  component: laterScreen(() => import("../../features/colophon/ColophonPage.tsx"), "ColophonPage"),
});

const peopleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$tripitaka/people",
  staticData: { title: routeTitles.people },
  validateSearch: personSearch.validateSearch,
  beforeLoad: underTripitaka(personSearch),
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
