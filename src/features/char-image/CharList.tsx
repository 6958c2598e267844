/**
 * The list tab: the boxed chars of the search, 10 a page, in a table with the chosen columns and
 * sortable headers, or as cards (image, character, page and number). Clicking a row or a card, or
 * its character button, shows the char's column.
 */
import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { MouseEvent, ReactNode } from "react";
import type { CharImageItem } from "../../../contract/charImage.ts";
import type { Paged } from "../../../contract/envelope.ts";
import { fetchCharList } from "../../api/charImage.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";
import { ListResult, ListTable } from "../list-screen/ListTable.tsx";
import type { CharImageControls } from "./CharImageSearchBar.tsx";
import { CharPicture } from "./CharPicture.tsx";
import { charImageColumns } from "./charImageColumns.tsx";
import { charImageText as t } from "./text.ts";
import { useCharFont } from "./useCharFont.ts";

const useStyles = makeStyles({
  rows: { "& tbody tr": { cursor: "pointer" } },
  cards: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(128px, 1fr))",
    gap: tokens.spacingHorizontalM,
  },
  card: {
    width: "100%",
    alignItems: "center",
    paddingTop: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalM,
  },
  cardChar: { fontSize: tokens.fontSizeBase500 },
  cardPlace: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

type Props = {
  controls: CharImageControls;
  tripitakaUid: string;
  visible: readonly string[];
  onOpen(item: CharImageItem): void;
  /** Said when the page has no rows, instead of "no matching records". */
  empty?: ReactNode;
};
type Shown = Props & { load: Load<Paged<CharImageItem>>; fontFamily: string };

function CharTable(props: Shown) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  const rows = (props.load.data ?? props.load.latest)?.list ?? [];
  const columns = charImageColumns(i18n, props.fontFamily, script, props.onOpen).filter((column) =>
    props.visible.includes(column.id),
  );
  // A click anywhere on a row opens it; the row's character button does the same from the keyboard.
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("button, a, input")) return;
    const cid = target.closest<HTMLElement>("[data-char-row]")?.dataset.charRow;
    const item = rows.find((row) => row.cid === cid);
    if (item) props.onOpen(item);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: each row's character button opens it from the keyboard.
    // biome-ignore lint/a11y/noStaticElementInteractions: the click only widens the row's button's target.
    <div className={styles.rows} onClick={onRowClick}>
      <ListTable
        controls={props.controls}
        load={props.load}
        columns={columns}
        rowKey={(row) => row.cid}
        rowAttributes={(row) => ({ "data-char-row": row.cid, "data-ot": row.ot })}
        ariaLabel={i18n._(t.tableLabel)}
        empty={props.empty}
      />
    </div>
  );
}

function CharCards(props: Shown) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <ListResult controls={props.controls} load={props.load} empty={props.empty}>
      {(items) => (
        <ul className={styles.cards} aria-label={i18n._(t.cardsLabel)}>
          {items.map((item) => (
            <li key={item.cid}>
              <Button
                className={mergeClasses(stack.xs, styles.card)}
                aria-label={tr(i18n, t.openChar, { char: item.ot || i18n._(t.noText) })}
                onClick={() => props.onOpen(item)}
                data-char-card={item.cid}
                data-ot={item.ot}
              >
                <CharPicture item={item} size={64} />
                <span className={styles.cardChar} style={{ fontFamily: props.fontFamily }}>
                  {item.ot || i18n._(t.noText)}
                </span>
                <span className={styles.cardPlace}>
                  {item.puid} · {item.sn}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ListResult>
  );
}

export function CharList(props: Props) {
  const { api } = useServices();
  const { controls, tripitakaUid } = props;
  const load = useLoad(`list:${tripitakaUid}:${controls.loadKey}`, (signal) =>
    fetchCharList(api, tripitakaUid, controls.request, signal),
  );
  const rows = (load.data ?? load.latest)?.list ?? [];
  const fontFamily = useCharFont(rows.map((row) => row.ot + row.ut + row.st + row.mt).join(""), tripitakaUid);
  const shown = { ...props, load, fontFamily };
  return controls.extras.views.mode === "card" ? <CharCards {...shown} /> : <CharTable {...shown} />;
}
