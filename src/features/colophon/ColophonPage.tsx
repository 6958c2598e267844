/**
 * `/{tripitaka}/colophon`: the colophons (刊記) of the tripitaka's texts, for researchers (spec
 * section 2). The search fields (the first five shown, the rest behind "more"), search and clear,
 * the query in the address, the column chooser; the table in a box of its own (colophonTableBox),
 * sortable headers and pager; a colophon opens whole in a drawer, its reel opens reel reading, its
 * page the drawer with the page's scan.
 */
import { Button, makeStyles } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { type PubNoteSearchField, pagesOfPubNote } from "../../../contract/colophon-rules.ts";
import type { PubNoteRow } from "../../../contract/colophons.ts";
import { fetchPubNotes } from "../../api/colophons.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useServices } from "../../app/shell/services.ts";
import { ElsewhereHint } from "../list-screen/ElsewhereHint.tsx";
import { ListScreen, useListScreen } from "../list-screen/ListScreen.tsx";
import { ColophonNoteDrawer } from "./ColophonNoteDrawer.tsx";
import { ColophonPagesDrawer } from "./ColophonPagesDrawer.tsx";
import { COLOPHON_COLUMN_IDS, COLOPHON_LABELS, colophonColumns } from "./colophonColumns.tsx";
import { COLOPHON_COLUMNS_KEY, COLOPHON_LIST, FIRST_FIELDS, MORE_FIELDS } from "./colophonSearch.ts";
import { useColophonTableBox } from "./colophonTableBox.ts";
import { colophonText as t } from "./text.ts";

const useStyles = makeStyles({
  more: { alignSelf: "flex-end" },
});

const field = (name: PubNoteSearchField) => ({ name, label: COLOPHON_LABELS[name] });

export function ColophonPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const screen = useListScreen(
    COLOPHON_LIST,
    (query, signal) => fetchPubNotes(api, tripitaka, query, signal),
    tripitaka,
  );
  const box = useColophonTableBox();
  const unfiltered = Object.values(screen.controls.search.filters).every((value) => value === "");
  const [note, setNote] = useState<PubNoteRow | null>(null);
  const [pages, setPages] = useState<string[] | null>(null);
  // A filled field behind "more" keeps them shown.
  const [more, setMore] = useState(() =>
    MORE_FIELDS.some((name) => screen.controls.search.filters[name] !== ""),
  );

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.colophon}
      marker="data-colophon"
      filters={(more ? [...FIRST_FIELDS, ...MORE_FIELDS] : FIRST_FIELDS).map(field)}
      afterFilters={
        <Button
          type="button"
          appearance="transparent"
          className={styles.more}
          aria-expanded={more}
          onClick={() => setMore(!more)}
          data-more-fields={more ? "open" : "closed"}
        >
          {i18n._(more ? t.close : t.more)}
        </Button>
      }
      columns={colophonColumns(i18n, { note: setNote, pages: (row) => setPages(pagesOfPubNote(row)) })}
      columnIds={COLOPHON_COLUMN_IDS}
      columnsKey={COLOPHON_COLUMNS_KEY}
      rowKey={(row) => String(row.id)}
      rowAttributes={(row) => ({ "data-colophon-row": String(row.id), "data-reel": row.reel_uid })}
      tableLabel={t.tableLabel}
      tableClassName={box.tableClassName}
      tableStyle={box.tableStyle}
      empty={
        unfiltered ? (
          <ElsewhereHint
            tripitakaUid={tripitaka}
            to="/$tripitaka/colophon"
            none={t.noneHere}
            countIn={(uid, signal) =>
              fetchPubNotes(api, uid, { page_no: 1, page_size: 10 }, signal).then((r) => r.total)
            }
          />
        ) : undefined
      }
    >
      {note && (
        <ColophonNoteDrawer
          key={note.id}
          row={note}
          onClose={() => setNote(null)}
          onOpenPages={() => {
            setNote(null);
            setPages(pagesOfPubNote(note));
          }}
        />
      )}
      {pages && <ColophonPagesDrawer key={pages.join(",")} pages={pages} onClose={() => setPages(null)} />}
    </ListScreen>
  );
}
