/**
 * The layout shell around every screen: Fluent theme (dark on reading screens when night reading
 * is on), header with home link, current tripitaka, night-reading switch and language menu, the
 * page title, and the notice toasts and modal.
 */
import { FluentProvider, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Outlet, Link as RouterLink, useLocation, useMatches, useRouter } from "@tanstack/react-router";
import { Suspense, useEffect, useSyncExternalStore } from "react";
import { DEFAULT_LOCALE, toAppLocale, tripitakaNameScript } from "../../../contract/locale-rules.ts";
import { tripitakaName } from "../../../contract/names.ts";
import { CatalogueProvider } from "../../features/catalogue/CatalogueContext.tsx";
import { common } from "../../i18n/messages.ts";
import { OfflineLink } from "../../offline/library/OfflineLink.tsx";
import { OfflineIndicator } from "../../offline/pwa/OfflineIndicator.tsx";
import { UpdatePrompt } from "../../offline/pwa/UpdatePrompt.tsx";
import { darkThemeStore, loadDarkTheme } from "../../theme/darkThemeLoad.ts";
import { themeFor } from "../../theme/themeState.ts";
import { lightTheme } from "../../theme/themes.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { isReadingPath, tripitakaOfPath } from "../routes/guards.ts";
import { CatalogueButton } from "./CatalogueDrawer.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { NoticeBridge } from "./NoticeBridge.tsx";
import { usePageSubject } from "./pageSubject.ts";
import { ScriptProvider } from "./script.tsx";
import { useServices } from "./services.ts";
import { shellText } from "./shellMessages.ts";
import { UserMenu } from "./UserMenu.tsx";
import { useTripitakaList } from "./useTripitakaList.ts";

const NightReadingSwitch = lazyPart(() => import("./NightReadingSwitch.tsx"), "NightReadingSwitch");
const AdminMenu = lazyPart(() => import("./AdminMenu.tsx"), "AdminMenu");

/** A tablet held upright and narrower: the header's links sit closer, so they take fewer rows. */
const NARROW = "@media (max-width: 1023px)";

const useStyles = makeStyles({
  root: { minHeight: "100vh", display: "flex", flexDirection: "column" },
  header: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    [NARROW]: { gap: tokens.spacingHorizontalM },
  },
  title: {
    whiteSpace: "nowrap",
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: "none",
  },
  onBrand: { color: tokens.colorNeutralForegroundOnBrand, whiteSpace: "nowrap", minWidth: "auto" },
  // The links take the room the title and the controls leave, wrapping among themselves; where
  // that room is under about two-fifths of the header, the controls move to a row of their own.
  nav: {
    flex: "1 1 40%",
    display: "flex",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalL,
    marginLeft: tokens.spacingHorizontalL,
    [NARROW]: { columnGap: tokens.spacingHorizontalM, marginLeft: 0 },
  },
  navLink: {
    whiteSpace: "nowrap",
    // Links side by side on a wrapped row stay large enough to tap.
    display: "inline-flex",
    alignItems: "center",
    minHeight: "32px",
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: "none",
    ":hover": { textDecorationLine: "underline" },
  },
  controls: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "flex-end",
    gap: tokens.spacingHorizontalL,
    marginLeft: "auto",
    [NARROW]: { gap: tokens.spacingHorizontalM },
  },
  main: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`, maxWidth: "1200px" },
});

/** The title of the deepest matched route that declares one. */
function useRouteTitle(): MessageDescriptor | undefined {
  return useMatches({
    select: (matches) =>
      matches.map((match) => match.staticData.title).findLast((title) => title !== undefined),
  });
}

export function Shell() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const services = useServices();
  const router = useRouter();
  // Only what the shell shows: a change of the router's state that moves no part of it (a load
  // settling, a search parameter) does not render the whole shell again.
  const pathname = useLocation({ select: (location) => location.pathname });
  const nightReading = useSyncExternalStore(services.theme.subscribe, services.theme.nightReading);
  const reading = isReadingPath(pathname);
  const signedIn = useSyncExternalStore(services.auth.subscribe, () => services.auth.state().signedIn);
  const isAdmin = useSyncExternalStore(services.auth.subscribe, () => {
    const state = services.auth.state();
    return state.signedIn && state.roles.includes("admin");
  });
  const wantsDark = themeFor(reading, signedIn, nightReading) === "dark";
  const darkTheme = useSyncExternalStore(darkThemeStore.subscribe, darkThemeStore.current);
  useEffect(() => {
    if (wantsDark) void loadDarkTheme();
  }, [wantsDark]);
  const theme = wantsDark && darkTheme ? darkTheme : lightTheme;
  const code = tripitakaOfPath(pathname);
  const current = code ?? services.tracker.currentTripitaka();
  const tripitakas = useTripitakaList() ?? [];
  const script = tripitakaNameScript(toAppLocale(i18n.locale) ?? DEFAULT_LOCALE);
  const found = tripitakas.find((t) => t.uid === code);
  const edition = found ? tripitakaName(found.name, script) : code;
  const routeTitle = useRouteTitle();

  const subject = usePageSubject();

  useEffect(() => {
    const parts = [subject ?? (routeTitle ? i18n._(routeTitle) : null), edition, i18n._(common.appTitle)];
    document.title = parts.filter((part) => part).join(" - ");
  }, [subject, routeTitle, edition, i18n]);

  // Resolved navigations only: a path that redirects (/ → /JS) is not a page the reader saw.
  useEffect(() => {
    const first = router.state.resolvedLocation;
    if (first) services.tracker.browse(first.href);
    return router.subscribe("onResolved", (event) => services.tracker.browse(event.toLocation.href));
  }, [router, services.tracker]);

  // Signing out elsewhere (a failed refresh) re-runs the guards of the current route.
  useEffect(() => services.auth.subscribe(() => void router.invalidate()), [services.auth, router]);

  return (
    // Layout classes stay off the provider: Fluent copies its classes onto portal nodes.
    <FluentProvider theme={theme}>
      <ScriptProvider storage={window.localStorage}>
        <CatalogueProvider>
          <div className={styles.root}>
            <header className={styles.header}>
              <RouterLink to="/" className={styles.title}>
                {i18n._(common.appTitle)}
              </RouterLink>
              {edition && <Text className={styles.onBrand}>{edition}</Text>}
              <nav className={styles.nav}>
                <RouterLink to="/$tripitaka" params={{ tripitaka: current }} className={styles.navLink}>
                  {i18n._(shellText.home)}
                </RouterLink>
                <a href={`/${current}#special-topics`} className={styles.navLink}>
                  {i18n._(shellText.specialTopics)}
                </a>
                <RouterLink
                  to="/$tripitaka/Introduction"
                  params={{ tripitaka: current }}
                  className={styles.navLink}
                  data-nav="introduction"
                >
                  {i18n._(shellText.introduction)}
                </RouterLink>
                <RouterLink to="/article" className={styles.navLink} data-nav="notice">
                  {i18n._(shellText.notice)}
                </RouterLink>
                <RouterLink to="/help" className={styles.navLink} data-nav="help">
                  {i18n._(shellText.help)}
                </RouterLink>
                <OfflineLink className={styles.navLink} />
                {/* Last: its code arrives after the links', which it would otherwise move. */}
                {isAdmin && (
                  <Suspense fallback={null}>
                    <AdminMenu className={styles.navLink} />
                  </Suspense>
                )}
              </nav>
              {/* Right-aligned: what arrives late (the switch's code) comes first, moving no other. */}
              <div className={styles.controls}>
                {reading && signedIn && (
                  <Suspense fallback={null}>
                    <NightReadingSwitch
                      checked={nightReading}
                      onChange={(on) => services.theme.setNightReading(on)}
                      labelClassName={styles.onBrand}
                    />
                  </Suspense>
                )}
                <CatalogueButton
                  tripitakaUid={current}
                  title={tripitakaName(tripitakas.find((t) => t.uid === current)?.name ?? current, script)}
                />
                <OfflineIndicator className={styles.onBrand} />
                <LanguageSwitcher className={styles.onBrand} />
                <UserMenu />
              </div>
            </header>
            <main className={styles.main}>
              <Outlet />
            </main>
          </div>
        </CatalogueProvider>
        <NoticeBridge />
        <UpdatePrompt />
      </ScriptProvider>
    </FluentProvider>
  );
}
