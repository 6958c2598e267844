/**
 * The result part of an admin list screen: the rows of the applied search in a table with the
 * chosen columns and sortable headers (or laid out another way), the empty and loading states,
 * and the pager. Rows already shown stay while the next page or order loads.
 */
import { Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { CSSProperties, ReactNode } from "react";
import type { Paged } from "../../../contract/envelope.ts";
import { type DataColumn, DataTable } from "../../ui/DataTable.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import type { Load } from "../../ui/useLoad.ts";
import type { FilterSpec } from "./listSearch.ts";
import { listScreenText as t } from "./text.ts";
import type { ListControls } from "./useListSearch.ts";

export function ListTable<Spec extends FilterSpec, Row>(props: {
  controls: ListControls<Spec>;
  load: Load<Paged<Row>>;
  columns: readonly DataColumn<Row>[];
  rowKey(row: Row): string;
  rowAttributes?(row: Row): Record<string, string>;
  ariaLabel: string;
  /** The table's own box (a screen that scrolls it in place, or fixes columns). */
  tableClassName?: string;
  style?: CSSProperties;
}) {
  return (
    <ListResult controls={props.controls} load={props.load} style={props.style}>
      {(rows) => (
        <DataTable
          className={props.tableClassName}
          columns={props.columns}
          rows={rows}
          rowKey={props.rowKey}
          rowAttributes={props.rowAttributes}
          sortBy={props.controls.search.sort_by}
          onSort={props.controls.chooseSort}
          ariaLabel={props.ariaLabel}
        />
      )}
    </ListResult>
  );
}

/** The page of rows of the applied search, shown as `children` lays it out, with its states and pager. */
export function ListResult<Spec extends FilterSpec, Row>(props: {
  controls: ListControls<Spec>;
  load: Load<Paged<Row>>;
  /** The rows of a page that has some. */
  children(rows: readonly Row[]): ReactNode;
  style?: CSSProperties;
}) {
  const { i18n } = useLingui();
  const { controls, load } = props;
  const page = load.data ?? load.latest;
  return (
    <div data-admin-list={load.loading ? "loading" : load.error ? "failed" : "ready"} style={props.style}>
      {(!page || load.error) && <LoadStatus load={load} />}
      {page && page.list.length === 0 && <Text data-admin-empty>{i18n._(t.empty)}</Text>}
      {page && page.list.length > 0 && props.children(page.list)}
      {page && page.total > 0 && (
        <Pagination
          pageNo={controls.search.page_no}
          pageSize={controls.search.page_size}
          total={page.total}
          onChange={controls.choosePage}
        />
      )}
    </div>
  );
}
