/**
 * `/{tripitaka}/char-image` (spec section 2): every char box of the tripitaka's imported scans,
 * for researchers. The search (four text forms, page, char number, sutra) lives in the address
 * with the tab, the list's mode and order, and both pagers. The list shows the chars' images in
 * a table with the chosen columns or as cards; the group tab counts them by character. A chosen
 * char shows its column with the char's box, and opens page reading at it.
 */
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import type { CharImageItem } from "../../../contract/charImage.ts";
import { fetchCharList } from "../../api/charImage.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useServices } from "../../app/shell/services.ts";
import { PanelTabs } from "../../ui/PanelTabs.tsx";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { ElsewhereHint } from "../list-screen/ElsewhereHint.tsx";
import { ListScreenFrame } from "../list-screen/ListScreen.tsx";
import { useListSearch } from "../list-screen/useListSearch.ts";
import { CharDetail } from "./CharDetail.tsx";
import { CharGroups } from "./CharGroups.tsx";
import { type CharImageControls, CharImageSearchBar } from "./CharImageSearchBar.tsx";
import { CharList } from "./CharList.tsx";
import {
  CHAR_IMAGE_COLUMN_IDS,
  CHAR_IMAGE_COLUMNS_KEY,
  CHAR_IMAGE_DEFAULT_COLUMNS,
  CHAR_IMAGE_LIST,
} from "./charImageSearch.ts";
import { charImageText as t } from "./text.ts";

export function CharImagePage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const controls: CharImageControls = useListSearch(CHAR_IMAGE_LIST);
  const { tab } = controls.extras.views;
  const [visible, setVisible] = useStoredColumns(
    CHAR_IMAGE_COLUMNS_KEY,
    CHAR_IMAGE_COLUMN_IDS,
    CHAR_IMAGE_DEFAULT_COLUMNS,
  );
  const [opened, setOpened] = useState<CharImageItem | null>(null);

  const unfiltered = Object.values(controls.search.filters).every((value) => value === "");
  const empty = unfiltered ? (
    <ElsewhereHint
      tripitakaUid={tripitaka}
      to="/$tripitaka/char-image"
      none={t.noneHere}
      countIn={(uid, signal) =>
        fetchCharList(api, uid, { page_no: 1, page_size: 10 }, signal).then((r) => r.total)
      }
    />
  ) : undefined;

  return (
    <ListScreenFrame
      title={routeTitles.charImage}
      attributes={{ "data-char-image": tab, "data-search": controls.address }}
    >
      <CharImageSearchBar
        controls={controls}
        tripitakaUid={tripitaka}
        visible={visible}
        onColumns={setVisible}
      />
      <PanelTabs
        tabs={[
          { value: "list", label: i18n._(t.tabList), "data-char-tab": "list" },
          { value: "group", label: i18n._(t.tabGroup), "data-char-tab": "group" },
        ]}
        selected={tab}
        onSelect={(value) => controls.chooseViews({ tab: value })}
      />
      {tab === "list" ? (
        <CharList
          controls={controls}
          tripitakaUid={tripitaka}
          visible={visible}
          onOpen={setOpened}
          empty={empty}
        />
      ) : (
        <CharGroups controls={controls} tripitakaUid={tripitaka} empty={empty} />
      )}
      <CharDetail tripitakaUid={tripitaka} item={opened} onClose={() => setOpened(null)} />
    </ListScreenFrame>
  );
}
