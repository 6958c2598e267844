/**
 * The catalogue drawer (sutra box) itself, loaded the first time the header's button opens it:
 * 1100 px wide on the search tab, 500 px on the others. Tabs: search, book, group (a signed-in
 * reader with groups) and catalog; search first, book first while reading by page.
 */
import { makeStyles, Tab, TabList, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { BookList } from "../../features/catalogue/BookList.tsx";
import { CatalogTree } from "../../features/catalogue/CatalogTree.tsx";
import { useCatalogue } from "../../features/catalogue/CatalogueContext.tsx";
import {
  type DrawerTab,
  drawerWidth,
  isDrawerTab,
  shownTab,
  visibleTabs,
} from "../../features/catalogue/drawerTabs.ts";
import { GroupPanel } from "../../features/catalogue/GroupPanel.tsx";
import { drawerText as d } from "../../features/catalogue/messages.ts";
import { useSutraGroups } from "../../features/catalogue/useSutraGroups.ts";
import { SutraList } from "../../features/home/SutraList.tsx";
import { common } from "../../i18n/messages.ts";
import { SideDrawer } from "../../ui/SideDrawer.tsx";
import { useScript } from "./script.tsx";

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
});

const tabLabels = {
  search: d.tabSearch,
  book: d.tabBook,
  group: d.tabGroup,
  catalog: d.tabCatalog,
} as const;

export function CataloguePanel(props: { tripitakaUid: string; title: string }) {
  const { i18n } = useLingui();
  const { open, tab, close } = useCatalogue();

  return (
    <SideDrawer
      open={open}
      width={drawerWidth(tab)}
      title={props.title}
      closeLabel={i18n._(common.close)}
      onClose={close}
      data={{ "data-catalogue-drawer": tab }}
    >
      {open && <CatalogueContent tripitakaUid={props.tripitakaUid} />}
    </SideDrawer>
  );
}

/** The drawer's tabs, mounted only while it is open. */
function CatalogueContent(props: { tripitakaUid: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  const { tab, selectTab, queryOf, setQuery } = useCatalogue();
  const groups = useSutraGroups(props.tripitakaUid);
  const tabs = visibleTabs(groups.signedIn, groups.groups.length);
  const current: DrawerTab = shownTab(tab, tabs);
  const uid = props.tripitakaUid;

  // The group tab goes away with the last group: the drawer widens back to the search tab.
  useEffect(() => {
    if (current !== tab) selectTab(current);
  }, [current, tab, selectTab]);

  return (
    <>
      <TabList
        className={styles.tabs}
        selectedValue={current}
        aria-label={i18n._(d.tabs)}
        onTabSelect={(_, data) => isDrawerTab(data.value) && selectTab(data.value)}
      >
        {tabs.map((value) => (
          <Tab key={value} value={value} data-drawer-tab={value}>
            {i18n._(tabLabels[value])}
          </Tab>
        ))}
      </TabList>
      {current === "search" && (
        <SutraList
          tripitakaUid={uid}
          script={script}
          query={queryOf(uid)}
          onQueryChange={(query) => setQuery(uid, query)}
        />
      )}
      {current === "book" && <BookList tripitakaUid={uid} />}
      {current === "group" && <GroupPanel tripitakaUid={uid} state={groups} script={script} />}
      {current === "catalog" && <CatalogTree tripitakaUid={uid} script={script} />}
    </>
  );
}
