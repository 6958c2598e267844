/**
 * `/{tripitaka}/colophon`: the colophons (刊記) of the tripitaka's texts, for researchers (spec
 * section 2). The search fields (the first five shown, the rest behind "more"), search and clear,
 * the query in the address; the 1820 px table, scrolling sideways with its first two columns fixed
 * (not on phones), sortable headers and pager; the reel opens reel reading, the page the drawer
 * with the page's scan.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { type PubNoteSearchField, pagesOfPubNote } from "../../../contract/colophon-rules.ts";
import { fetchPubNotes } from "../../api/colophons.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useServices } from "../../app/shell/services.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { ListSearchForm, TextFilter } from "../list-screen/ListSearchForm.tsx";
import { ListTable } from "../list-screen/ListTable.tsx";
import { useListSearch } from "../list-screen/useListSearch.ts";
import { ColophonPagesDrawer } from "./ColophonPagesDrawer.tsx";
import { COLOPHON_TABLE_WIDTH, colophonColumns, NOTE_COLUMN_WIDTH } from "./colophonColumns.tsx";
import { COLOPHON_LIST, FIRST_FIELDS, MORE_FIELDS } from "./colophonSearch.ts";
import { colophonText as t } from "./text.ts";

const fixed = (left: number) => ({
  position: "sticky" as const,
  left: `${left}px`,
  zIndex: 1,
  backgroundColor: tokens.colorNeutralBackground1,
});

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  more: { alignSelf: "flex-end" },
  table: {
    "& table": {
      width: `${COLOPHON_TABLE_WIDTH}px`,
      minWidth: `${COLOPHON_TABLE_WIDTH}px`,
      tableLayout: "fixed",
    },
    "& th, & td": { verticalAlign: "top", boxSizing: "border-box" },
    "& [data-column='pub_note']": fixed(0),
    "& [data-column='reel_name']": {
      ...fixed(NOTE_COLUMN_WIDTH),
      boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke2}`,
    },
    "@media (max-width: 639px)": {
      "& [data-column='pub_note'], & [data-column='reel_name']": { position: "static", boxShadow: "none" },
    },
  },
});

const LABELS = {
  pub_note: t.pubNote,
  reel_name: t.reelName,
  page_uid: t.pageUid,
  pub_era: t.pubEra,
  pub_address: t.pubAddress,
  fundraiser: t.fundraiser,
  donor: t.donor,
  writer: t.writer,
  editor: t.editor,
  engraver: t.engraver,
  director: t.director,
  remark: t.remark,
} satisfies Record<PubNoteSearchField, unknown>;

export function ColophonPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const controls = useListSearch(COLOPHON_LIST);
  const load = useLoad(`${tripitaka}|${controls.loadKey}`, (signal) =>
    fetchPubNotes(api, tripitaka, controls.request, signal),
  );
  const [pages, setPages] = useState<string[] | null>(null);
  // A filled field behind "more" keeps them shown.
  const [more, setMore] = useState(() => MORE_FIELDS.some((field) => controls.search.filters[field] !== ""));
  const columns = colophonColumns(i18n, (row) => setPages(pagesOfPubNote(row)));
  const field = (name: PubNoteSearchField) => (
    <TextFilter key={name} controls={controls} name={name} label={i18n._(LABELS[name])} />
  );

  return (
    <section className={styles.page} data-colophon>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.colophon)}
      </Text>
      <ListSearchForm controls={controls}>
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
      <div className={styles.table}>
        <ListTable
          controls={controls}
          load={load}
          columns={columns}
          rowKey={(row) => String(row.id)}
          rowAttributes={(row) => ({ "data-colophon-row": String(row.id), "data-reel": row.reel_uid })}
          ariaLabel={i18n._(t.tableLabel)}
        />
      </div>
      {pages && <ColophonPagesDrawer key={pages.join(",")} pages={pages} onClose={() => setPages(null)} />}
    </section>
  );
}
