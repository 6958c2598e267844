/**
 * The columns of the character image table (spec section 3, "Char image item"): the char's image
 * cut from the scan, its four text forms, its page and number there, its sutra's number and title,
 * whether it is a variant form and the box's confidence. The original form is a button opening the
 * char's column.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import type { CharImageItem } from "../../../contract/charImage.ts";
import { type Script, sutraName } from "../../../contract/names.ts";
import { tr } from "../../i18n/translate.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { CharPicture } from "./CharPicture.tsx";
import type { CharImageColumnId } from "./charImageSearch.ts";
import { columnText, charImageText as t } from "./text.ts";

type Column = DataColumn<CharImageItem> & { id: CharImageColumnId };

const useStyles = makeStyles({
  char: { fontSize: tokens.fontSizeBase500, minWidth: "40px" },
  form: { fontSize: tokens.fontSizeBase400 },
});

function OpenButton(props: {
  row: CharImageItem;
  fontFamily: string;
  i18n: I18n;
  onOpen(row: CharImageItem): void;
}) {
  const styles = useStyles();
  const { row, i18n } = props;
  return (
    <Button
      appearance="subtle"
      className={styles.char}
      style={{ fontFamily: props.fontFamily }}
      aria-label={tr(i18n, t.openChar, { char: row.ot || i18n._(t.noText) })}
      onClick={() => props.onOpen(row)}
      data-open-char={row.cid}
    >
      {row.ot || i18n._(t.noText)}
    </Button>
  );
}

function Form(props: { text: string; fontFamily: string }) {
  const styles = useStyles();
  return (
    <span className={styles.form} style={{ fontFamily: props.fontFamily }}>
      {props.text}
    </span>
  );
}

/** A char's sutra title in the reading script; "" when nothing names the sutra. */
export const sutraTitleOf = (item: CharImageItem, script: Script): string =>
  item.sutra_name === null ? "" : sutraName(item.sutra_name, script);

/** `fontFamily` draws the characters: the reading fonts, then the dynamic font. */
export function charImageColumns(
  i18n: I18n,
  fontFamily: string,
  script: Script,
  onOpen: (row: CharImageItem) => void,
): Column[] {
  const label = (id: CharImageColumnId) => i18n._(columnText[id]);
  const form = (id: "ut" | "st" | "mt"): Column => ({
    id,
    label: label(id),
    width: "72px",
    render: (row) => <Form text={row[id]} fontFamily={fontFamily} />,
  });
  return [
    {
      id: "image",
      label: label("image"),
      width: "72px",
      render: (row) => <CharPicture item={row} size={40} />,
    },
    {
      id: "ot",
      label: label("ot"),
      width: "80px",
      sortKey: "ot",
      render: (row) => <OpenButton row={row} fontFamily={fontFamily} i18n={i18n} onOpen={onOpen} />,
    },
    form("ut"),
    form("st"),
    form("mt"),
    { id: "page", label: label("page"), width: "120px", sortKey: "page_uid", render: (row) => row.puid },
    { id: "sn", label: label("sn"), width: "90px", render: (row) => row.sn },
    { id: "sutra", label: label("sutra"), width: "100px", render: (row) => row.suid ?? "" },
    { id: "sutraName", label: label("sutraName"), render: (row) => sutraTitleOf(row, script) },
    {
      id: "deform",
      label: label("deform"),
      width: "80px",
      render: (row) => i18n._(row.is_deform ? t.yes : t.no),
    },
    {
      id: "cc",
      label: label("cc"),
      width: "90px",
      sortKey: "cc",
      numeric: true,
      render: (row) => (row.cc === null ? "" : row.cc.toFixed(3)),
    },
  ];
}
