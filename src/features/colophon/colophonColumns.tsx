/**
 * The colophon table's columns (spec section 2), in the spec's order, with their widths: the
 * table is 1820 px wide and its first two columns (the note and the reel) stay in view as it
 * scrolls sideways. The reel opens reel reading; the page opens the page drawer.
 */

import { Link } from "@fluentui/react-components";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { PubNoteRow } from "../../../contract/colophons.ts";
import { tr } from "../../i18n/translate.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { ClippedText } from "../list-screen/ClippedText.tsx";
import { colophonText as t } from "./text.ts";

export const COLOPHON_TABLE_WIDTH = 1820;
/** The width of the first, fixed, column: the second sticks at this offset. */
export const NOTE_COLUMN_WIDTH = 260;

type TextKey = Exclude<keyof PubNoteRow, "id" | "pub_year" | "char_count">;

function textColumn(
  i18n: I18n,
  id: TextKey,
  label: MessageDescriptor,
  width: number,
  extra: Partial<DataColumn<PubNoteRow>> = {},
): DataColumn<PubNoteRow> {
  return {
    id,
    label: i18n._(label),
    width: `${width}px`,
    render: (row) => {
      const value = row[id];
      return value === null || value === "" ? "" : <ClippedText text={value} lines={3} />;
    },
    ...extra,
  };
}

export function colophonColumns(i18n: I18n, openPages: (row: PubNoteRow) => void): DataColumn<PubNoteRow>[] {
  return [
    textColumn(i18n, "pub_note", t.pubNote, NOTE_COLUMN_WIDTH),
    {
      id: "reel_name",
      label: i18n._(t.reelName),
      width: "160px",
      sortKey: "reel_name",
      render: (row) => (
        <RouterLink
          to="/scroll/$reelUid"
          params={{ reelUid: row.reel_uid }}
          title={tr(i18n, t.openReel, { reel: row.reel_name })}
          data-open-reel={row.reel_uid}
        >
          {row.reel_name}
        </RouterLink>
      ),
    },
    {
      id: "page_uid",
      label: i18n._(t.pageUid),
      width: "140px",
      sortKey: "page_uid",
      render: (row) => (
        <Link
          as="button"
          onClick={() => openPages(row)}
          title={tr(i18n, t.openPage, { page: row.page_uid })}
          data-open-pages={row.page_uid}
        >
          {row.page_uid}
        </Link>
      ),
    },
    textColumn(i18n, "thousand_char", t.thousandChar, 60, { sortKey: "thousand_char" }),
    textColumn(i18n, "pub_era", t.pubEra, 100),
    {
      id: "pub_year",
      label: i18n._(t.pubYear),
      width: "70px",
      sortKey: "pub_year",
      numeric: true,
      render: (row) => (row.pub_year === null ? "" : String(row.pub_year)),
    },
    textColumn(i18n, "pub_address", t.pubAddress, 120),
    {
      id: "char_count",
      label: i18n._(t.charCount),
      width: "70px",
      sortKey: "char_count",
      numeric: true,
      render: (row) => (row.char_count === null ? "" : i18n.number(row.char_count)),
    },
    textColumn(i18n, "fundraiser", t.fundraiser, 80),
    textColumn(i18n, "donor", t.donor, 130),
    textColumn(i18n, "donate_wish", t.donateWish, 100),
    textColumn(i18n, "donate_amount", t.donateAmount, 110, { sortKey: "donate_amount" }),
    textColumn(i18n, "writer", t.writer, 80),
    textColumn(i18n, "editor", t.editor, 80),
    textColumn(i18n, "engraver", t.engraver, 90),
    textColumn(i18n, "director", t.director, 70),
    textColumn(i18n, "remark", t.remark, 100, { sortKey: "remark" }),
  ];
}
