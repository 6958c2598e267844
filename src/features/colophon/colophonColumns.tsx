/**
 * The colophon table's columns (spec section 2), in the spec's order, with their widths: together
 * 1820 px, the width the table scrolls sideways over. The note opens the whole colophon; the reel
 * opens reel reading; the page opens the page drawer.
 */

import { Link } from "@fluentui/react-components";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { ReactNode } from "react";
import type { PubNoteRow } from "../../../contract/colophons.ts";
import { tr } from "../../i18n/translate.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { ClippedText } from "../list-screen/ClippedText.tsx";
import { colophonText as t } from "./text.ts";

/** Each column's width in px; a header wraps within it, so no header runs into the next. */
export const COLOPHON_COLUMN_WIDTHS = {
  pub_note: 220,
  reel_name: 140,
  page_uid: 120,
  thousand_char: 100,
  pub_era: 80,
  pub_year: 80,
  pub_address: 100,
  char_count: 110,
  fundraiser: 100,
  donor: 110,
  donate_wish: 110,
  donate_amount: 110,
  writer: 80,
  editor: 100,
  engraver: 80,
  director: 100,
  remark: 80,
} as const satisfies Partial<Record<keyof PubNoteRow, number>>;

export type ColophonColumnId = keyof typeof COLOPHON_COLUMN_WIDTHS;
export const COLOPHON_COLUMN_IDS = Object.keys(COLOPHON_COLUMN_WIDTHS) as ColophonColumnId[];

export const COLOPHON_LABELS = {
  pub_note: t.pubNote,
  reel_name: t.reelName,
  page_uid: t.pageUid,
  thousand_char: t.thousandChar,
  pub_era: t.pubEra,
  pub_year: t.pubYear,
  pub_address: t.pubAddress,
  char_count: t.charCount,
  fundraiser: t.fundraiser,
  donor: t.donor,
  donate_wish: t.donateWish,
  donate_amount: t.donateAmount,
  writer: t.writer,
  editor: t.editor,
  engraver: t.engraver,
  director: t.director,
  remark: t.remark,
} satisfies Record<ColophonColumnId, MessageDescriptor>;

const SORT_KEYS: Partial<Record<ColophonColumnId, string>> = {
  reel_name: "reel_name",
  page_uid: "page_uid",
  thousand_char: "thousand_char",
  pub_year: "pub_year",
  char_count: "char_count",
  donate_amount: "donate_amount",
  remark: "remark",
};

type ColophonColumn = DataColumn<PubNoteRow> & { id: ColophonColumnId };

/** The whole table's width with these columns shown. */
export const colophonTableWidth = (ids: readonly ColophonColumnId[]): number =>
  ids.reduce((sum, id) => sum + COLOPHON_COLUMN_WIDTHS[id], 0);

export function colophonColumns(
  i18n: I18n,
  open: { note(row: PubNoteRow): void; pages(row: PubNoteRow): void },
): ColophonColumn[] {
  const column = (id: ColophonColumnId, render: (row: PubNoteRow) => ReactNode): ColophonColumn => {
    const sortKey = SORT_KEYS[id];
    return {
      id,
      label: i18n._(COLOPHON_LABELS[id]),
      width: `${COLOPHON_COLUMN_WIDTHS[id]}px`,
      render,
      ...(sortKey ? { sortKey } : {}),
      ...(id === "pub_year" || id === "char_count" ? { numeric: true } : {}),
    };
  };
  const text = (id: Exclude<ColophonColumnId, "pub_year" | "char_count">) =>
    column(id, (row) => {
      const value = row[id];
      return value === null || value === "" ? "" : <ClippedText text={value} lines={3} />;
    });

  return COLOPHON_COLUMN_IDS.map((id) => {
    switch (id) {
      case "pub_note":
        return column(id, (row) => (
          <Link as="button" onClick={() => open.note(row)} data-open-colophon={String(row.id)}>
            <ClippedText text={row.pub_note} lines={3} />
          </Link>
        ));
      case "reel_name":
        return column(id, (row) => (
          <RouterLink
            to="/scroll/$reelUid"
            params={{ reelUid: row.reel_uid }}
            title={tr(i18n, t.openReel, { reel: row.reel_name })}
            data-open-reel={row.reel_uid}
          >
            {row.reel_name}
          </RouterLink>
        ));
      case "page_uid":
        return column(id, (row) => (
          <Link
            as="button"
            onClick={() => open.pages(row)}
            title={tr(i18n, t.openPage, { page: row.page_uid })}
            data-open-pages={row.page_uid}
          >
            {row.page_uid}
          </Link>
        ));
      case "pub_year":
        return column(id, (row) => (row.pub_year === null ? "" : String(row.pub_year)));
      case "char_count":
        return column(id, (row) => (row.char_count === null ? "" : i18n.number(row.char_count)));
      default:
        return text(id);
    }
  });
}
