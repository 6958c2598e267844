/** A tripitaka's sutras: keyword search and paging over POST /tripitaka/{uid}/sutra/list. */
import {
  Button,
  Checkbox,
  Input,
  makeStyles,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type FormEvent, useState } from "react";
import { pageSizes } from "../../../contract/canon.ts";
import { fetchSutraList } from "../../api/canon.ts";
import { useServices } from "../../app/shell/services.ts";
import { catalogue } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { type Script, sutraName } from "../../ui/names.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { AddToGroup, GroupFilter } from "../catalogue/GroupTools.tsx";
import { groupText } from "../catalogue/messages.ts";
import { useSutraGroups } from "../catalogue/useSutraGroups.ts";

type PageSize = (typeof pageSizes)[number];

const useStyles = makeStyles({
  toolbar: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center", flexWrap: "wrap" },
  keyword: { width: "260px" },
  heading: { display: "block", marginBottom: tokens.spacingVerticalM },
  table: { marginTop: tokens.spacingVerticalM },
  number: { textAlign: "end", width: "90px" },
  uid: { width: "100px" },
  check: { width: "56px" },
  pager: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "center",
    marginTop: tokens.spacingVerticalM,
    flexWrap: "wrap",
  },
});

type Props = { tripitakaUid: string; title: string; script: Script };

export function SutraList({ tripitakaUid, title, script }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const [draft, setDraft] = useState("");
  const [keyword, setKeyword] = useState("");
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(20);
  const groups = useSutraGroups(tripitakaUid);
  const [groupFilter, setGroupFilter] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const selecting = groups.signedIn && groups.groups.length > 0;

  const query = {
    page_no: pageNo,
    page_size: pageSize,
    ...(keyword ? { keyword } : {}),
    ...(groupFilter && groups.signedIn ? { sutra_group_names: [groupFilter] } : {}),
  };
  const load = useLoad(JSON.stringify([tripitakaUid, query]), (signal) =>
    fetchSutraList(api, tripitakaUid, query, signal),
  );
  const result = load.data ?? load.latest;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
    setPageNo(1);
  };
  const clear = () => {
    setDraft("");
    setKeyword("");
    setPageNo(1);
  };

  return (
    <div>
      <Text as="h2" size={500} weight="semibold" className={styles.heading}>
        {title} · {i18n._(catalogue.sutras)}
      </Text>
      <form className={styles.toolbar} onSubmit={search}>
        <Input
          className={styles.keyword}
          value={draft}
          placeholder={i18n._(catalogue.keyword)}
          aria-label={i18n._(catalogue.keyword)}
          onChange={(_, data) => setDraft(data.value)}
        />
        <Button type="submit" appearance="primary">
          {i18n._(catalogue.search)}
        </Button>
        {keyword && <Button onClick={clear}>{i18n._(catalogue.clear)}</Button>}
        <GroupFilter
          state={groups}
          value={groupFilter}
          onChange={(name) => {
            setGroupFilter(name);
            setPageNo(1);
          }}
        />
        <AddToGroup
          state={groups}
          tripitakaUid={tripitakaUid}
          selected={selected}
          onDone={() => setSelected([])}
        />
      </form>
      <LoadStatus load={load} />
      {result && (
        <>
          <Table className={styles.table} size="small" aria-label={i18n._(catalogue.sutras)}>
            <TableHeader>
              <TableRow>
                {selecting && (
                  <TableHeaderCell className={styles.check}>{i18n._(groupText.select)}</TableHeaderCell>
                )}
                <TableHeaderCell className={styles.uid}>{i18n._(catalogue.sutraUid)}</TableHeaderCell>
                <TableHeaderCell>{i18n._(catalogue.sutraName)}</TableHeaderCell>
                <TableHeaderCell>{i18n._(catalogue.dynastyAuthor)}</TableHeaderCell>
                <TableHeaderCell className={styles.number}>{i18n._(catalogue.reelCount)}</TableHeaderCell>
                <TableHeaderCell className={styles.number}>{i18n._(catalogue.charCount)}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.list.map((sutra) => {
                const firstReel = sutra.reel_uids[0]?.[0];
                const name = sutraName(sutra.name, script);
                return (
                  <TableRow key={sutra.uid} data-sutra={sutra.uid}>
                    {selecting && (
                      <TableCell className={styles.check}>
                        <Checkbox
                          aria-label={sutra.uid}
                          checked={selected.includes(sutra.uid)}
                          onChange={(_, data) =>
                            setSelected((current) =>
                              data.checked
                                ? [...current, sutra.uid]
                                : current.filter((uid) => uid !== sutra.uid),
                            )
                          }
                        />
                      </TableCell>
                    )}
                    <TableCell className={styles.uid}>{sutra.uid}</TableCell>
                    <TableCell>
                      {firstReel ? (
                        <RouterLink to="/scroll/$reelUid" params={{ reelUid: firstReel }}>
                          {name}
                        </RouterLink>
                      ) : (
                        name
                      )}
                    </TableCell>
                    <TableCell>{sutra.dynasty_author}</TableCell>
                    <TableCell className={styles.number}>{sutra.reel_uids.length}</TableCell>
                    <TableCell className={styles.number}>
                      {sutra.char_cnt.toLocaleString("zh-Hant")}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {result.list.length === 0 && <Text>{i18n._(catalogue.noSutras)}</Text>}
          <div className={styles.pager}>
            <Button size="small" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
              {i18n._(catalogue.prevPage)}
            </Button>
            <Text>
              {tr(i18n, catalogue.pageInfo, {
                pageNo: result.page_no,
                pageCount: Math.max(result.page_count, 1),
                total: result.total,
              })}
            </Text>
            <Button size="small" disabled={pageNo >= result.page_count} onClick={() => setPageNo(pageNo + 1)}>
              {i18n._(catalogue.nextPage)}
            </Button>
            <Text>{i18n._(catalogue.pageSize)}</Text>
            <Select
              size="small"
              value={String(pageSize)}
              aria-label={i18n._(catalogue.pageSize)}
              onChange={(_, data) => {
                setPageSize(pageSizes.find((n) => String(n) === data.value) ?? 20);
                setPageNo(1);
              }}
            >
              {pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </div>
        </>
      )}
    </div>
  );
}
