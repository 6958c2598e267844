/**
 * `/{tripitaka}/char-type`: the rare and variant characters of the tripitaka's text, for
 * researchers (spec section 2). The four text filters and yes/no for is-manual and is-deform in
 * the address; the table with its column chooser, sortable character and frequency columns and
 * pager; each row says how many char images its character has and, when there are some, opens
 * them on the char image screen in a new tab. A search loads at once and its address change within
 * a second loads nothing more.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { fetchCharTypes } from "../../api/charType.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useServices } from "../../app/shell/services.ts";
import { ColumnChooser } from "../../ui/ColumnChooser.tsx";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { useDynamicFont } from "../fonts/useDynamicFont.ts";
import { ChoiceFilter, ListSearchForm, TextFilter } from "../list-screen/ListSearchForm.tsx";
import { ListTable } from "../list-screen/ListTable.tsx";
import { useListSearch } from "../list-screen/useListSearch.ts";
import { fontFamilyFor } from "../reader-reel/fontStacks.ts";
import { charImageAction, charTypeColumns } from "./charTypeColumns.tsx";
import {
  CHAR_TYPE_COLUMN_IDS,
  CHAR_TYPE_COLUMNS_KEY,
  CHAR_TYPE_LIST,
  charTypeApiQuery,
  FLAG_CHOICES,
} from "./charTypeSearch.ts";
import { charTypeText as t } from "./text.ts";
import { useGuardedSearch } from "./useGuardedSearch.ts";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

const wallClock = () => Date.now();

export function CharTypePage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const { load, controls } = useGuardedSearch({
    shape: CHAR_TYPE_LIST,
    controls: useListSearch(CHAR_TYPE_LIST),
    fetchPage: (query, signal) => fetchCharTypes(api, tripitaka, charTypeApiQuery(query), signal),
    now: wallClock,
  });
  const [visible, setVisible] = useStoredColumns(
    CHAR_TYPE_COLUMNS_KEY,
    CHAR_TYPE_COLUMN_IDS,
    CHAR_TYPE_COLUMN_IDS,
  );
  const rows = (load.data ?? load.latest)?.list ?? [];
  const dynamicFont = useDynamicFont(
    rows.map((row) => row.ori_txt + row.uni_txt + row.std_txt + row.sim_txt).join(""),
    tripitaka,
  );
  const fontFamily = `${fontFamilyFor("default")}, ${dynamicFont.fontFamily}`;
  const all = charTypeColumns(i18n, fontFamily);
  const columns = [...all.filter((column) => visible.includes(column.id)), charImageAction(i18n, tripitaka)];
  const yesNo = FLAG_CHOICES.map((value) => ({ value, label: i18n._(value === "yes" ? t.yes : t.no) }));

  return (
    <section className={styles.page} data-char-type>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.charType)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={<ColumnChooser columns={all} visible={visible} onChange={setVisible} />}
      >
        <TextFilter controls={controls} name="ori_txt" label={i18n._(t.oriTxt)} />
        <TextFilter controls={controls} name="uni_txt" label={i18n._(t.uniTxt)} />
        <TextFilter controls={controls} name="std_txt" label={i18n._(t.stdTxt)} />
        <TextFilter controls={controls} name="sim_txt" label={i18n._(t.simTxt)} />
        <ChoiceFilter controls={controls} name="is_manual" label={i18n._(t.isManual)} choices={yesNo} />
        <ChoiceFilter controls={controls} name="is_deform" label={i18n._(t.isDeform)} choices={yesNo} />
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={columns}
        rowKey={(row) => row.ori_txt}
        rowAttributes={(row) => ({ "data-char-type-row": row.ori_txt })}
        ariaLabel={i18n._(t.tableLabel)}
      />
    </section>
  );
}
