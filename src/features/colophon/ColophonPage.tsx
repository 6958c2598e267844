/**
 * `/{tripitaka}/colophon`: the colophons (刊記) of the tripitaka's texts, for researchers (spec
 * section 2). The search fields (the first five shown, the rest behind "more"), search and clear,
 * the query in the address, the column chooser; the table (ColophonTable), sortable headers and
 * pager; a colophon opens whole in a drawer, its reel opens reel reading, its page the drawer with
 * the page's scan.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { type PubNoteSearchField, pagesOfPubNote } from "../../../contract/colophon-rules.ts";
import type { PubNoteRow } from "../../../contract/colophons.ts";
import { fetchPubNotes } from "../../api/colophons.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useServices } from "../../app/shell/services.ts";
import { ColumnChooser } from "../../ui/ColumnChooser.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { ListSearchForm, TextFilter } from "../list-screen/ListSearchForm.tsx";
import { useListSearch } from "../list-screen/useListSearch.ts";
import { ColophonNoteDrawer } from "./ColophonNoteDrawer.tsx";
import { ColophonPagesDrawer } from "./ColophonPagesDrawer.tsx";
import { ColophonTable } from "./ColophonTable.tsx";
import { COLOPHON_COLUMN_IDS, COLOPHON_LABELS, colophonColumns } from "./colophonColumns.tsx";
import { COLOPHON_COLUMNS_KEY, COLOPHON_LIST, FIRST_FIELDS, MORE_FIELDS } from "./colophonSearch.ts";
import { colophonText as t } from "./text.ts";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  more: { alignSelf: "flex-end" },
});

export function ColophonPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const controls = useListSearch(COLOPHON_LIST);
  const load = useLoad(`${tripitaka}|${controls.loadKey}`, (signal) =>
    fetchPubNotes(api, tripitaka, controls.request, signal),
  );
  const [note, setNote] = useState<PubNoteRow | null>(null);
  const [pages, setPages] = useState<string[] | null>(null);
  // A filled field behind "more" keeps them shown.
  const [more, setMore] = useState(() => MORE_FIELDS.some((field) => controls.search.filters[field] !== ""));
  const [visible, setVisible] = useStoredColumns(
    COLOPHON_COLUMNS_KEY,
    COLOPHON_COLUMN_IDS,
    COLOPHON_COLUMN_IDS,
  );
  const all = colophonColumns(i18n, {
    note: setNote,
    pages: (row) => setPages(pagesOfPubNote(row)),
  });
  const columns = all.filter((column) => visible.includes(column.id));
  const field = (name: PubNoteSearchField) => (
    <TextFilter key={name} controls={controls} name={name} label={i18n._(COLOPHON_LABELS[name])} />
  );

  return (
    <section className={styles.page} data-colophon>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.colophon)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={<ColumnChooser columns={all} visible={visible} onChange={setVisible} />}
      >
        {FIRST_FIELDS.map(field)}
        {more && MORE_FIELDS.map(field)}
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
      </ListSearchForm>
      <ColophonTable controls={controls} load={load} columns={columns} ariaLabel={i18n._(t.tableLabel)} />
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
    </section>
  );
}
