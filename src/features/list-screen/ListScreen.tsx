/**
 * A list screen (spec section 2): its title, the search form with the screen's filter fields, the
 * screen's actions and the column chooser, then the rows of the applied search in the table with
 * the chosen columns, and whatever the rows open (drawers). The query lives in the address
 * (useListSearch); a screen describes only what is its own.
 */
import { Text } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { CSSProperties, ReactNode } from "react";
import type { Paged } from "../../../contract/envelope.ts";
import { ColumnChooser } from "../../ui/ColumnChooser.tsx";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { type FilterField, FilterInput } from "./FilterInput.tsx";
import { ListSearchForm } from "./ListSearchForm.tsx";
import { ListTable } from "./ListTable.tsx";
import type { FilterSpec, ListShape } from "./listSearch.ts";
import { type ListControls, useListSearch } from "./useListSearch.ts";

/** A list screen's query and the page of rows it loaded. */
export type ListScreenState<Spec extends FilterSpec, Row> = {
  controls: ListControls<Spec>;
  load: Load<Paged<Row>>;
};

/**
 * The query in the address and its rows, fetched again whenever the query changes or the list is
 * searched or refreshed; `scope` names what else the rows depend on (the tripitaka of the route).
 */
export function useListScreen<Spec extends FilterSpec, Row>(
  shape: ListShape<Spec>,
  fetchPage: (query: Record<string, string | number>, signal: AbortSignal) => Promise<Paged<Row>>,
  scope?: string,
): ListScreenState<Spec, Row> {
  const controls = useListSearch(shape);
  const key = scope === undefined ? controls.loadKey : `${scope}|${controls.loadKey}`;
  const load = useLoad(key, (signal) => fetchPage(controls.request, signal));
  return { controls, load };
}

export function ListScreen<Spec extends FilterSpec, Row, Column extends DataColumn<Row>>(props: {
  screen: ListScreenState<Spec, Row>;
  title: MessageDescriptor;
  /** The data-* attribute that names the screen. */
  marker: `data-${string}`;
  filters: readonly FilterField<NoInfer<Spec>>[];
  /** After the filter fields (a toggle showing more of them). */
  afterFilters?: ReactNode;
  /** Before the column chooser (an add button). */
  actions?: ReactNode;
  /** The columns to choose from; all are shown at first. */
  columns: readonly Column[];
  columnIds: readonly string[];
  /** Where the choice of columns is kept. */
  columnsKey: string;
  /** Shown after the chosen columns whatever the choice (a row's actions). */
  fixedColumns?: readonly DataColumn<Row>[];
  rowKey(row: Row): string;
  rowAttributes?(row: Row): Record<string, string>;
  tableLabel: MessageDescriptor;
  /** The table's own box, and its style for the columns shown. */
  tableClassName?: string;
  tableStyle?(shown: readonly Column[]): CSSProperties;
  /** Said instead of "no matching records" when the page has no rows. */
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const { controls, load } = props.screen;
  const [visible, setVisible] = useStoredColumns(props.columnsKey, props.columnIds, props.columnIds);
  const shown = props.columns.filter((column) => visible.includes(column.id));

  return (
    <ListScreenFrame title={props.title} attributes={{ [props.marker]: true }}>
      <ListSearchForm
        controls={controls}
        actions={
          <>
            {props.actions}
            <ColumnChooser columns={props.columns} visible={visible} onChange={setVisible} />
          </>
        }
      >
        {props.filters.map((field) => (
          <FilterInput key={field.name} controls={controls} field={field} />
        ))}
        {props.afterFilters}
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={[...shown, ...(props.fixedColumns ?? [])]}
        rowKey={props.rowKey}
        rowAttributes={props.rowAttributes}
        ariaLabel={i18n._(props.tableLabel)}
        tableClassName={props.tableClassName}
        style={props.tableStyle?.(shown)}
        empty={props.empty}
      />
      {props.children}
    </ListScreenFrame>
  );
}

/** A list screen's page: its title over its parts; `attributes` (data-*) name it and its state. */
export function ListScreenFrame(props: {
  title: MessageDescriptor;
  attributes: Record<`data-${string}`, string | boolean>;
  children: ReactNode;
}) {
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <section className={stack.l} {...props.attributes}>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(props.title)}
      </Text>
      {props.children}
    </section>
  );
}
