/**
 * Many-row INSERTs (and upserts) written as SQL text once per table, row count and database, the
 * values bound as one flat list. The operation log writes thousands of rows a second; building
 * each statement with Kysely costs more than SQLite takes to run it. Table, column and conflict
 * names come from the code, never from a request.
 */
import { CompiledQuery, type Kysely } from "kysely";
import type { Dialect } from "./connect.ts";

export type BulkInsert<Row> = {
  table: string;
  columns: readonly (keyof Row & string)[];
  /** `on conflict (…) do update set …`, the same in SQLite and PostgreSQL; none: a plain insert. */
  onConflict?: string;
};

const texts = new Map<string, string>();

type Statement = { table: string; columns: readonly string[]; onConflict?: string | undefined };

function statementText(dialect: Dialect, insert: Statement, rows: number): string {
  const key = `${dialect}\u0000${insert.table}\u0000${insert.columns.join(",")}\u0000${insert.onConflict ?? ""}\u0000${rows}`;
  let text = texts.get(key);
  if (text !== undefined) return text;
  const width = insert.columns.length;
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    const marks: string[] = [];
    for (let column = 0; column < width; column++)
      marks.push(dialect === "postgres" ? `$${row * width + column + 1}` : "?");
    tuples.push(`(${marks.join(", ")})`);
  }
  const columns = insert.columns.map((column) => `"${column}"`).join(", ");
  text = `insert into "${insert.table}" (${columns}) values ${tuples.join(", ")}${
    insert.onConflict ? ` ${insert.onConflict}` : ""
  }`;
  texts.set(key, text);
  return text;
}

/**
 * The row counts of the statements writing `rows` rows: `chunk` rows while they last, then the rest
 * as powers of two, so a table has a few statement texts (and prepared statements), not one per count.
 */
export function statementSizes(rows: number, chunk: number): number[] {
  const sizes: number[] = [];
  let left = rows;
  for (; left >= chunk; left -= chunk) sizes.push(chunk);
  for (let size = 2 ** Math.floor(Math.log2(Math.max(1, left))); left > 0; size /= 2) {
    if (size <= left) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/** Inserts `rows`, at most `chunk` rows per statement (columns × chunk under both databases' limits). */
export async function bulkInsert<Db, Row>(
  db: Kysely<Db>,
  dialect: Dialect,
  insert: BulkInsert<Row>,
  rows: readonly Row[],
  chunk = 500,
): Promise<void> {
  let start = 0;
  for (const size of statementSizes(rows.length, chunk)) {
    const end = start + size;
    const values: unknown[] = [];
    for (let i = start; i < end; i++) {
      const row = rows[i] as Row;
      for (const column of insert.columns) values.push(row[column]);
    }
    await db.executeQuery(CompiledQuery.raw(statementText(dialect, insert, size), values));
    start = end;
  }
}

/** A column of a PostgreSQL array insert and its SQL type. */
export type ArrayColumn<Row> = { name: keyof Row & string; type: "text" | "integer" | "bigint" | "bytea" };

/**
 * PostgreSQL: inserts `rows` as one array per column (`insert … select * from unnest(…)`), at most
 * `chunk` rows per statement. A statement's text and its few parameters stay the same however many
 * rows it writes, so PostgreSQL parses little and the client sends each column as one value.
 */
export async function arrayInsert<Db, Row>(
  db: Kysely<Db>,
  table: string,
  columns: readonly ArrayColumn<Row>[],
  rows: readonly Row[],
  options: { onConflict?: string; chunk?: number } = {},
): Promise<void> {
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  const arrays = columns.map((column, i) => `$${i + 1}::${column.type}[]`).join(", ");
  const text = `insert into "${table}" (${names}) select * from unnest(${arrays})${
    options.onConflict ? ` ${options.onConflict}` : ""
  }`;
  const chunk = options.chunk ?? 5000;
  for (let start = 0; start < rows.length; start += chunk) {
    const batch = rows.slice(start, start + chunk);
    const values = columns.map((column) => batch.map((row) => row[column.name]));
    await db.executeQuery(CompiledQuery.raw(text, values));
  }
}

/**
 * Many rows in few statements on either database: on PostgreSQL one array per column
 * (arrayInsert), on SQLite many-row INSERTs of bound values (bulkInsert).
 */
export async function insertMany<Db, Row>(
  db: Kysely<Db>,
  dialect: Dialect,
  table: string,
  columns: readonly ArrayColumn<Row>[],
  rows: readonly Row[],
  onConflict?: string,
): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === "postgres") {
    await arrayInsert<Db, Row>(db, table, columns, rows, onConflict ? { onConflict } : {});
    return;
  }
  const insert = { table, columns: columns.map((column) => column.name), onConflict };
  await bulkInsert<Db, Row>(db, dialect, insert, rows);
}
