/**
 * A list as a plain table, one heading per column and a row per item, or what the list says when it
 * holds nothing; and the buttons of a row, side by side in its last cell.
 */
import {
  makeStyles,
  Table,
  TableBody,
  TableHeader,
  TableHeaderCell,
  type TableProps,
  TableRow,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

const useStyles = makeStyles({
  actions: { display: "flex", gap: tokens.spacingHorizontalXS },
});

export function ItemTable<T>(props: {
  items: readonly T[];
  /** The columns' headings; null for a column without one. */
  columns: readonly (MessageDescriptor | null)[];
  /** The item's `<TableRow>`, with its key. */
  row(item: T): ReactNode;
  /** Shown instead of the table when there are no items. */
  empty: ReactNode;
  "aria-label"?: string;
  size?: TableProps["size"];
}) {
  const { i18n } = useLingui();
  if (props.items.length === 0) return props.empty;
  return (
    <Table aria-label={props["aria-label"]} size={props.size}>
      <TableHeader>
        <TableRow>
          {props.columns.map((column) => (
            <TableHeaderCell key={column?.id ?? ""}>{column && i18n._(column)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{props.items.map((item) => props.row(item))}</TableBody>
    </Table>
  );
}

export function RowActions(props: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.actions}>{props.children}</div>;
}
