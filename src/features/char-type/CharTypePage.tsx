/**
 * `/{tripitaka}/char-type`: the rare and variant characters of the tripitaka's text, for
 * researchers (spec section 2). The four text filters and yes/no for is-manual and is-deform in
 * the address; the table with its column chooser, sortable character and frequency columns and
 * pager; each row says how many char images its character has and, when there are some, opens
 * them on the char image screen in a new tab. A search loads at once and its address change within
 * a second loads nothing more.
 */
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { fetchCharTypes } from "../../api/charType.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useServices } from "../../app/shell/services.ts";
import { useDynamicFont } from "../fonts/useDynamicFont.ts";
import { ListScreen } from "../list-screen/ListScreen.tsx";
import { useListSearch } from "../list-screen/useListSearch.ts";
import { fontFamilyFor } from "../reader-reel/fontStacks.ts";
import { charImageAction, charTypeColumns } from "./charTypeColumns.tsx";
import {
  CHAR_TYPE_COLUMN_IDS,
  CHAR_TYPE_COLUMNS_KEY,
  CHAR_TYPE_LIST,
  charTypeApiQuery,
} from "./charTypeSearch.ts";
import { charTypeText as t } from "./text.ts";
import { useGuardedSearch } from "./useGuardedSearch.ts";

const wallClock = () => Date.now();
const YES_NO = { yes: t.yes, no: t.no };

export function CharTypePage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const screen = useGuardedSearch({
    controls: useListSearch(CHAR_TYPE_LIST),
    fetchPage: (query, signal) => fetchCharTypes(api, tripitaka, charTypeApiQuery(query), signal),
    now: wallClock,
  });
  const rows = (screen.load.data ?? screen.load.latest)?.list ?? [];
  const dynamicFont = useDynamicFont(
    rows.map((row) => row.ori_txt + row.uni_txt + row.std_txt + row.sim_txt).join(""),
    tripitaka,
  );
  const fontFamily = `${fontFamilyFor("default")}, ${dynamicFont.fontFamily}`;

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.charType}
      marker="data-char-type"
      filters={[
        { name: "ori_txt", label: t.oriTxt },
        { name: "uni_txt", label: t.uniTxt },
        { name: "std_txt", label: t.stdTxt },
        { name: "sim_txt", label: t.simTxt },
        { name: "is_manual", label: t.isManual, choices: YES_NO },
        { name: "is_deform", label: t.isDeform, choices: YES_NO },
      ]}
      columns={charTypeColumns(i18n, fontFamily)}
      columnIds={CHAR_TYPE_COLUMN_IDS}
      columnsKey={CHAR_TYPE_COLUMNS_KEY}
      fixedColumns={[charImageAction(i18n, tripitaka)]}
      rowKey={(row) => row.ori_txt}
      rowAttributes={(row) => ({ "data-char-type-row": row.ori_txt })}
      tableLabel={t.tableLabel}
    />
  );
}
