/**
 * A table of rows with the columns the reader chose, sortable headers (sort_by strings such as
 * `-char_cnt`) and an optional selection column.
 */
import {
  Checkbox,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { formatCount, tr } from "../i18n/translate.ts";
import { CHECK_COLUMN_PX, nextSort, parseSort, tableMinWidth } from "./columns.ts";
import { uiText as t } from "./messages.ts";

export type DataColumn<T> = {
  id: string;
  label: string;
  /** A number returned is shown as a count (grouped digits); a year or a code is returned as text. */
  render(row: T): ReactNode;
  /** The sort_by key this column sorts on, if any. */
  sortKey?: string;
  width?: string;
  numeric?: boolean;
};

export type Selection = { selected: readonly string[]; onChange(selected: string[]): void };

const useStyles = makeStyles({
  scroll: { overflowX: "auto", overflowY: "auto" },
  // Cells keep the widths the table gives them: a long unbroken value (an e-mail) wraps
  // anywhere instead of running over the next column.
  cell: { overflowWrap: "anywhere" },
  numeric: { textAlign: "end" },
  check: { width: `${CHECK_COLUMN_PX}px` },
});

/** A number in a cell is a count: grouped as the reader's language groups digits. */
const shownCell = (i18n: I18n, value: ReactNode): ReactNode =>
  typeof value === "number" ? formatCount(i18n, value) : value;

function selectionOf(selection: Selection, pageKeys: string[]) {
  const onPage = pageKeys.filter((key) => selection.selected.includes(key)).length;
  const all = onPage > 0 && onPage === pageKeys.length;
  return {
    state: all ? true : onPage > 0 ? ("mixed" as const) : false,
    toggleAll(checked: boolean) {
      const others = selection.selected.filter((key) => !pageKeys.includes(key));
      selection.onChange(checked ? [...others, ...pageKeys] : others);
    },
    toggle(key: string, checked: boolean) {
      const rest = selection.selected.filter((item) => item !== key);
      selection.onChange(checked ? [...rest, key] : rest);
    },
  };
}

export function DataTable<T>(props: {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  /** A short name of the row for the selection checkbox's label. */
  rowLabel?(row: T): string;
  /** Extra attributes on each row (data-* hooks). */
  rowAttributes?(row: T): Record<string, string>;
  sortBy?: string;
  onSort?(sortBy: string): void;
  selection?: Selection;
  ariaLabel: string;
  maxHeight?: string;
  className?: string;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const sort = props.sortBy ? parseSort(props.sortBy) : null;
  const keys = props.rows.map(props.rowKey);
  const select = props.selection ? selectionOf(props.selection, keys) : null;
  const { onSort, sortBy } = props;
  return (
    <div
      className={mergeClasses(styles.scroll, props.className)}
      style={props.maxHeight ? { maxHeight: props.maxHeight } : undefined}
    >
      <Table
        size="small"
        aria-label={props.ariaLabel}
        style={{ minWidth: `${tableMinWidth(props.columns, select !== null)}px` }}
      >
        <TableHeader>
          <TableRow>
            {select && (
              <TableHeaderCell className={styles.check}>
                <Checkbox
                  aria-label={i18n._(t.selectAll)}
                  checked={select.state}
                  disabled={keys.length === 0}
                  onChange={(_, data) => select.toggleAll(data.checked === true)}
                />
              </TableHeaderCell>
            )}
            {props.columns.map((column) => {
              const sortable = column.sortKey !== undefined && onSort !== undefined;
              const direction =
                sort && sort.key === column.sortKey
                  ? sort.descending
                    ? "descending"
                    : "ascending"
                  : undefined;
              return (
                <TableHeaderCell
                  key={column.id}
                  data-column={column.id}
                  sortable={sortable}
                  {...(direction ? { sortDirection: direction } : {})}
                  style={column.width ? { width: column.width } : undefined}
                  className={column.numeric ? styles.numeric : undefined}
                  onClick={
                    sortable && column.sortKey
                      ? () => onSort(nextSort(sortBy ?? "", column.sortKey ?? ""))
                      : undefined
                  }
                >
                  {column.label}
                </TableHeaderCell>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.rows.map((row) => {
            const key = props.rowKey(row);
            return (
              <TableRow key={key} {...props.rowAttributes?.(row)}>
                {select && (
                  <TableCell className={styles.check}>
                    <Checkbox
                      aria-label={tr(i18n, t.selectRow, { name: props.rowLabel?.(row) ?? key })}
                      checked={props.selection?.selected.includes(key) ?? false}
                      onChange={(_, data) => select.toggle(key, data.checked === true)}
                    />
                  </TableCell>
                )}
                {props.columns.map((column) => (
                  <TableCell
                    key={column.id}
                    data-column={column.id}
                    className={mergeClasses(styles.cell, column.numeric && styles.numeric)}
                  >
                    {shownCell(i18n, column.render(row))}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
