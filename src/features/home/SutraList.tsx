/**
 * A tripitaka's sutras (the catalogue drawer's search tab, and home's browse list): keyword and
 * advanced filters, a table with the reader's columns, sorting, selection for adding to a group,
 * pins, and paging over POST /tripitaka/{uid}/sutra/list.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { type Script, sutraName } from "../../../contract/names.ts";
import { useServices } from "../../app/shell/services.ts";
import { catalogue } from "../../i18n/messages.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { fetchSutraList } from "../../offline/reading/reading.ts";
import { ColumnChooser } from "../../ui/ColumnChooser.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { LoginPrompt } from "../account/LoginPrompt.tsx";
import { AddToGroup } from "../catalogue/GroupTools.tsx";
import { drawerText as d } from "../catalogue/messages.ts";
import { SutraFilters } from "../catalogue/SutraFilters.tsx";
import {
  DEFAULT_SUTRA_COLUMNS,
  pinColumn,
  SUTRA_COLUMN_IDS,
  SUTRA_COLUMNS_KEY,
  sutraColumns,
} from "../catalogue/sutraColumns.tsx";
import {
  asSort,
  hasFilters,
  INITIAL_QUERY,
  type SutraQuery,
  toListRequest,
} from "../catalogue/sutraQuery.ts";
import { usePins } from "../catalogue/usePins.ts";
import { useSutraGroups } from "../catalogue/useSutraGroups.ts";
import { useAuthorLinks } from "../people/useAuthorLinks.ts";

const useStyles = makeStyles({
  heading: { display: "block", marginBottom: tokens.spacingVerticalM },
  table: { marginTop: tokens.spacingVerticalM },
});

type Props = {
  tripitakaUid: string;
  /** A heading above the list (home); the drawer names the tripitaka in its own title. */
  title?: string;
  script: Script;
  /** The search state when kept by the caller (the drawer keeps it while closed). */
  query?: SutraQuery;
  onQueryChange?(query: SutraQuery): void;
};

export function SutraList({ tripitakaUid, title, script, query: kept, onQueryChange }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api, events, tracker } = useServices();
  const href = useLocation({ select: (location) => location.href });
  const [own, setOwn] = useState(INITIAL_QUERY);
  const query = kept ?? own;
  const setQuery = onQueryChange ?? setOwn;
  const groups = useSutraGroups(tripitakaUid);
  const pins = usePins(tripitakaUid);
  const authorLinks = useAuthorLinks();
  const [selected, setSelected] = useState<string[]>([]);
  const [askLogin, setAskLogin] = useState(false);
  const [visible, setVisible] = useStoredColumns(SUTRA_COLUMNS_KEY, SUTRA_COLUMN_IDS, DEFAULT_SUTRA_COLUMNS);

  const request = toListRequest(query, groups.signedIn);
  const load = useLoad(JSON.stringify([tripitakaUid, request, pins.pinned]), (signal) =>
    fetchSutraList(api, tripitakaUid, request, signal, { pinned: pins.pinned, groups: groups.groups }),
  );
  const result = load.data ?? load.latest;

  const pin = async (sutraUid: string) => {
    if (!pins.signedIn) {
      setAskLogin(true);
      return;
    }
    const wasPinned = pins.pinned.includes(sutraUid);
    await pins.toggle(sutraUid);
    events.emit("success", i18n._(wasPinned ? d.unpinDone : d.pinDone));
  };
  const search = (next: SutraQuery) => {
    setQuery(next);
    if (hasFilters(next)) {
      tracker.track("CATALOG_SEARCH", href, { keyword: next.keyword || next.sutraName || null });
    }
  };

  const all = sutraColumns({ i18n, script, pinned: pins.pinned, authorLinks });
  const columns = [
    ...all.filter((column) => visible.includes(column.id)),
    pinColumn({ i18n, pinned: pins.pinned, onPin: (uid) => void pin(uid) }),
  ];

  return (
    <div data-sutra-list={tripitakaUid}>
      {title && (
        <Text as="h2" size={500} weight="semibold" className={styles.heading}>
          {title} · {i18n._(catalogue.sutras)}
        </Text>
      )}
      <SutraFilters
        tripitakaUid={tripitakaUid}
        query={query}
        onChange={search}
        groups={groups}
        script={script}
        tools={
          <>
            <AddToGroup
              state={groups}
              tripitakaUid={tripitakaUid}
              selected={selected}
              onDone={() => setSelected([])}
            />
            <ColumnChooser
              columns={all.map((column) => ({ id: column.id, label: column.label }))}
              visible={visible}
              onChange={setVisible}
            />
          </>
        }
      />
      <ReadingStatus load={load} />
      {result && (
        <>
          <DataTable
            className={styles.table}
            columns={columns}
            rows={result.list}
            rowKey={(sutra) => sutra.uid}
            rowLabel={(sutra) => sutraName(sutra.name, script)}
            rowAttributes={(sutra) => ({ "data-sutra": sutra.uid })}
            sortBy={query.sortBy}
            onSort={(sortBy) => setQuery({ ...query, sortBy: asSort(sortBy), pageNo: 1 })}
            selection={{ selected, onChange: setSelected }}
            ariaLabel={i18n._(catalogue.sutras)}
          />
          {result.list.length === 0 && <Text>{i18n._(catalogue.noSutras)}</Text>}
          <Pagination
            pageNo={query.pageNo}
            pageSize={query.pageSize}
            total={result.total}
            onChange={(pageNo, pageSize) => setQuery({ ...query, pageNo, pageSize })}
          />
        </>
      )}
      <LoginPrompt open={askLogin} onClose={() => setAskLogin(false)} />
    </div>
  );
}
