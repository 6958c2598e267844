/**
 * One colophon whole, opened from its row: the full text as the canon prints it, then every field
 * read from it that is not empty, the reel to read and the pages to see. At the end edge, as wide
 * as the page drawer.
 */
import { Link, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { PubNoteRow } from "../../../contract/colophons.ts";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { SideDrawer } from "../../ui/SideDrawer.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { type DetailField, DetailList } from "../list-screen/DetailList.tsx";
import { COLOPHON_DRAWER_WIDTH } from "./ColophonPagesDrawer.tsx";
import { COLOPHON_COLUMN_IDS, COLOPHON_LABELS } from "./colophonColumns.tsx";
import { colophonText as t } from "./text.ts";

const useStyles = makeStyles({
  note: {
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalM },
});

/** The fields other than the note itself and the reel and page, which have their own places. */
const FIELDS = COLOPHON_COLUMN_IDS.filter(
  (id) => id !== "pub_note" && id !== "reel_name" && id !== "page_uid",
);

export function ColophonNoteDrawer(props: { row: PubNoteRow; onClose(): void; onOpenPages(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { row } = props;
  const fields: DetailField[] = FIELDS.flatMap((id) => {
    const value = row[id];
    if (value === null || value === "") return [];
    const shown = id === "char_count" && typeof value === "number" ? i18n.number(value) : String(value);
    return [{ id, label: i18n._(COLOPHON_LABELS[id]), value: shown }];
  });

  return (
    <SideDrawer
      open
      width={COLOPHON_DRAWER_WIDTH}
      title={tr(i18n, t.noteTitle, { reel: row.reel_name })}
      closeLabel={i18n._(t.noteClose)}
      onClose={props.onClose}
      data={{ "data-colophon-note": String(row.id) }}
    >
      <div className={stack.l}>
        <Text as="p" className={styles.note} data-colophon-text>
          {row.pub_note}
        </Text>
        <div className={styles.actions}>
          <RouterLink to="/scroll/$reelUid" params={{ reelUid: row.reel_uid }} data-note-reel={row.reel_uid}>
            {tr(i18n, t.openReel, { reel: row.reel_name })}
          </RouterLink>
          <Link as="button" onClick={props.onOpenPages} data-note-pages={row.page_uid}>
            {tr(i18n, t.openPage, { page: row.page_uid })}
          </Link>
        </div>
        {fields.length > 0 && <DetailList fields={fields} />}
        {fields.length === 0 && <Text>{i18n._(t.noFields)}</Text>}
      </div>
    </SideDrawer>
  );
}
