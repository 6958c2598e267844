/**
 * State of the catalogue drawer shared by the header button, the drawer and the screens that open
 * it (home's commonly used classics): open or closed, the tab, each tripitaka's search state, the
 * cached full sutra lists, and a version that makes every group list reload after a change.
 */
import { useLocation } from "@tanstack/react-router";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useServices } from "../../app/shell/services.ts";
import { fetchAllSutras } from "../../offline/reading/reading.ts";
import { type DrawerTab, defaultTab } from "./drawerTabs.ts";
import { mergeSutraIndex, type SutraIndex } from "./sutraIndex.ts";
import { INITIAL_QUERY, type SutraQuery } from "./sutraQuery.ts";

export type CatalogueState = {
  open: boolean;
  tab: DrawerTab;
  /** Opens the drawer on `tab`, else on the default tab for the current address. */
  show(tab?: DrawerTab): void;
  close(): void;
  selectTab(tab: DrawerTab): void;
  queryOf(tripitakaUid: string): SutraQuery;
  setQuery(tripitakaUid: string, query: SutraQuery): void;
  sutraIndex(tripitakaUid: string): SutraIndex | undefined;
  refreshSutraIndex(tripitakaUid: string, signal: AbortSignal): Promise<SutraIndex>;
  groupsVersion: number;
  groupsChanged(): void;
};

const CatalogueContext = createContext<CatalogueState | null>(null);

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const { api } = useServices();
  const { pathname } = useLocation();
  // The drawer belongs to the address it was opened at: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const [tab, setTab] = useState<DrawerTab>("search");
  const [queries, setQueries] = useState<Record<string, SutraQuery>>({});
  const [indexes, setIndexes] = useState<Record<string, SutraIndex>>({});
  const [groupsVersion, setGroupsVersion] = useState(0);
  const latestIndexes = useRef(indexes);
  useLayoutEffect(() => {
    latestIndexes.current = indexes;
  });

  const show = useCallback(
    (next?: DrawerTab) => {
      setTab(next ?? defaultTab(pathname));
      setOpenAt(pathname);
    },
    [pathname],
  );
  const close = useCallback(() => setOpenAt(null), []);
  const queryOf = useCallback((uid: string) => queries[uid] ?? INITIAL_QUERY, [queries]);
  const setQuery = useCallback(
    (uid: string, query: SutraQuery) => setQueries((all) => ({ ...all, [uid]: query })),
    [],
  );
  const sutraIndex = useCallback((uid: string) => indexes[uid], [indexes]);
  const refreshSutraIndex = useCallback(
    async (uid: string, signal: AbortSignal) => {
      const known = latestIndexes.current[uid];
      const answer = await fetchAllSutras(api, uid, known?.lastUpdated ?? 0, signal);
      const merged = mergeSutraIndex(known, answer);
      latestIndexes.current = { ...latestIndexes.current, [uid]: merged };
      // A list arriving while a screen starts (a search's tips and strip) re-renders what reads
      // the catalogue: as a transition, in slices that leave the page free for input.
      startTransition(() => setIndexes((all) => ({ ...all, [uid]: merged })));
      return merged;
    },
    [api],
  );
  const groupsChanged = useCallback(() => setGroupsVersion((v) => v + 1), []);

  const value = useMemo(
    () => ({
      open,
      tab,
      show,
      close,
      selectTab: setTab,
      queryOf,
      setQuery,
      sutraIndex,
      refreshSutraIndex,
      groupsVersion,
      groupsChanged,
    }),
    [open, tab, show, close, queryOf, setQuery, sutraIndex, refreshSutraIndex, groupsVersion, groupsChanged],
  );
  return <CatalogueContext.Provider value={value}>{children}</CatalogueContext.Provider>;
}

export function useCatalogue(): CatalogueState {
  const state = useContext(CatalogueContext);
  if (!state) throw new Error("useCatalogue outside CatalogueProvider");
  return state;
}
