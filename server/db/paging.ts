/** One page of a list query, with the total the list's pager shows. */
import { type SelectQueryBuilder, sql } from "kysely";

/** Pages are numbered from 1. */
export type PageRequest = { no: number; size: number };

/** The page a list query (`page_no`, `page_size`) asks for. */
export const pageRequestOf = (query: { page_no: number; page_size: number }): PageRequest => ({
  no: query.page_no,
  size: query.page_size,
});

/**
 * How many rows `filtered` (a query with its filters, nothing selected yet) matches, and the rows
 * of `page` as `selectOrdered` selects and orders them. The count reads the same filter as the
 * rows, so the total and the pages agree.
 */
export async function countedPage<DB, TB extends keyof DB, Filtered, Row>(
  filtered: SelectQueryBuilder<DB, TB, Filtered>,
  page: PageRequest,
  selectOrdered: (filtered: SelectQueryBuilder<DB, TB, Filtered>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<{ total: number; rows: Row[] }> {
  // Kysely cannot name the alias of a selection over tables it knows only as a type parameter.
  const { n } = await filtered
    .select(sql<number | string>`count(*)`.as("n"))
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  const rows = await selectOrdered(filtered)
    .limit(page.size)
    .offset((page.no - 1) * page.size)
    .execute();
  return { total: Number(n), rows };
}
