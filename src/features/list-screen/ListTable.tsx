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
import type { PageSize } from "../../ui/pagination.ts";
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
  /** Said instead of "no matching records" when the page has no rows. */
  empty?: ReactNode;
}) {
  return (
    <ListResult controls={props.controls} load={props.load} style={props.style} empty={props.empty}>
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
  empty?: ReactNode;
}) {
  const { controls } = props;
  return (
    <PagedResult
      load={props.load}
      empty={props.empty}
      pageNo={controls.search.page_no}
      pageSize={controls.search.page_size}
      onPage={controls.choosePage}
      state="data-admin-list"
      style={props.style}
    >
      {props.children}
    </PagedResult>
  );
}

/**
 * A loaded page of rows with its states (loading, failed, none found) and its pager; `state`
 * names the data-* attribute that says whether the page is loading, failed or ready.
 */
export function PagedResult<Row>(props: {
  load: Load<Paged<Row>>;
  pageNo: number;
  pageSize: PageSize;
  onPage(pageNo: number, pageSize: PageSize): void;
  state: `data-${string}`;
  className?: string;
  style?: CSSProperties;
  /** Above the rows and their states (choices of how they are shown). */
  header?: ReactNode;
  /** Said instead of "no matching records" when the page has no rows. */
  empty?: ReactNode;
  children(rows: readonly Row[]): ReactNode;
}) {
  const { i18n } = useLingui();
  const { load } = props;
  const page = load.data ?? load.latest;
  const state = { [props.state]: load.loading ? "loading" : load.error ? "failed" : "ready" };
  return (
    <div className={props.className} style={props.style} {...state}>
      {props.header}
      {(!page || load.error) && <LoadStatus load={load} />}
      {page && page.list.length === 0 && (props.empty ?? <Text data-admin-empty>{i18n._(t.empty)}</Text>)}
      {page && page.list.length > 0 && props.children(page.list)}
      {page && page.total > 0 && (
        <Pagination
          pageNo={props.pageNo}
          pageSize={props.pageSize}
          total={page.total}
          onChange={props.onPage}
        />
      )}
    </div>
  );
}
