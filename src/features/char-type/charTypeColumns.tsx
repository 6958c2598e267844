/**
 * The columns of the character type table: the glyph (drawn in the site's fonts through the
 * dynamic font, or the gaiji's composition where no font has it), the four text forms, the two
 * flags and the frequency; and the row's number of char images, a link to them on the char image
 * screen in a new tab when there are some.
 */
import { Link, makeStyles, Text, tokens } from "@fluentui/react-components";
import { OpenRegular } from "@fluentui/react-icons";
import type { I18n } from "@lingui/core";
import type { CharType } from "../../../contract/charType.ts";
import { tr } from "../../i18n/translate.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { listScreenText } from "../list-screen/text.ts";
import { type CharTypeColumnId, charImageHref } from "./charTypeSearch.ts";
import { charTypeText as t } from "./text.ts";

type Column = DataColumn<CharType> & { id: CharTypeColumnId };

const useStyles = makeStyles({
  glyph: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  composition: { fontFamily: tokens.fontFamilyBase, color: tokens.colorNeutralForeground2 },
  char: { fontSize: tokens.fontSizeBase500 },
  none: { color: tokens.colorNeutralForeground3 },
});

function GlyphCell(props: { row: CharType; fontFamily: string; i18n: I18n }) {
  const styles = useStyles();
  const { row, i18n } = props;
  if (row.has_glyph)
    return (
      <span className={styles.glyph} style={{ fontFamily: props.fontFamily }} data-glyph={row.ori_txt}>
        {row.ori_txt}
      </span>
    );
  const composition = row.composition ?? row.uni_txt;
  return (
    <Text
      className={styles.composition}
      title={row.composition ? tr(i18n, t.composition, { composition }) : i18n._(t.noGlyph)}
      data-composition={composition}
    >
      {composition}
    </Text>
  );
}

/** U+F520B: a private-use character shows as a box, so its code point is named on hover. */
const codePointName = (text: string): string =>
  Array.from(
    text,
    (char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
  ).join(" ");

function CharCell(props: { text: string; fontFamily: string }) {
  const styles = useStyles();
  return (
    <span className={styles.char} style={{ fontFamily: props.fontFamily }} title={codePointName(props.text)}>
      {props.text}
    </span>
  );
}

/** `fontFamily` draws the characters: the reading fonts, then the dynamic font. */
export function charTypeColumns(i18n: I18n, fontFamily: string): Column[] {
  const flag = (value: boolean) => i18n._(value ? t.yes : t.no);
  const text = (
    id: "ori_txt" | "uni_txt" | "std_txt" | "sim_txt",
    label: string,
    sortKey?: string,
  ): Column => ({
    id,
    label,
    ...(sortKey ? { sortKey } : {}),
    render: (row) => <CharCell text={row[id]} fontFamily={fontFamily} />,
  });
  return [
    {
      id: "image",
      label: i18n._(t.image),
      render: (row) => <GlyphCell row={row} fontFamily={fontFamily} i18n={i18n} />,
    },
    text("ori_txt", i18n._(t.oriTxt), "ori_txt"),
    text("uni_txt", i18n._(t.uniTxt)),
    text("std_txt", i18n._(t.stdTxt)),
    text("sim_txt", i18n._(t.simTxt)),
    { id: "is_manual", label: i18n._(t.isManual), render: (row) => flag(row.is_manual) },
    { id: "is_deform", label: i18n._(t.isDeform), render: (row) => flag(row.is_deform) },
    {
      id: "frequency",
      label: i18n._(t.frequency),
      sortKey: "frequency",
      numeric: true,
      render: (row) => row.frequency.toLocaleString(),
    },
  ];
}

function CharImageCell(props: { row: CharType; tripitakaUid: string; i18n: I18n }) {
  const styles = useStyles();
  const { row, i18n } = props;
  const count = row.char_image_count;
  if (count === 0)
    return (
      <Text className={styles.none} data-char-image-none={row.ori_txt}>
        {i18n._(t.noCharImages)}
      </Text>
    );
  return (
    <Link
      href={charImageHref(props.tripitakaUid, row.ori_txt)}
      target="_blank"
      rel="noreferrer"
      title={tr(i18n, t.openCharImageOf, { char: row.composition ?? row.ori_txt })}
      data-char-image-link={row.ori_txt}
      data-count={String(count)}
    >
      {tr(i18n, t.openCharImages, { count: count.toLocaleString(i18n.locale) })} <OpenRegular />
    </Link>
  );
}

export function charImageAction(i18n: I18n, tripitakaUid: string): DataColumn<CharType> {
  return {
    id: "action",
    label: i18n._(listScreenText.actions),
    render: (row) => <CharImageCell row={row} tripitakaUid={tripitakaUid} i18n={i18n} />,
  };
}
