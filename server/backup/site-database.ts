/**
 * What a site's database holds, as far as a backup and a restore need to know: the migrations
 * applied (the schema's version) and the rows of the site's main tables.
 */
import { type Kysely, sql } from "kysely";
import { openDatabase } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Database } from "../db/schema.ts";

/** The readers' own tables: accounts, groups, settings, reading records and feedback. */
export const USER_DATA_TABLES = [
  "user",
  "sutra_group",
  "sutra_group_item",
  "user_conf",
  "user_op",
  "feedback",
  "feedback_log",
] as const satisfies readonly (keyof Database)[];

/**
 * The tables counted: accounts and what readers made (their data), and the canon. A site whose
 * tables are all empty has never been used; a migrated schema alone fills none of them.
 */
export const COUNTED_TABLES = [
  ...USER_DATA_TABLES,
  "message",
  "application",
  "articles",
  "tripitaka",
  "sutra",
  "reel",
  "search_reel",
] as const satisfies readonly (keyof Database)[];

export type DatabaseSummary = {
  migrations: string[];
  /** Rows of each counted table the database has. */
  rows: Record<string, number>;
};

/** Works in a transaction as well, to describe the snapshot the transaction reads. */
export async function summariseDatabase(db: Kysely<Database>): Promise<DatabaseSummary> {
  const tables = new Set(
    (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name),
  );
  const migrations = tables.has("kysely_migration")
    ? (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map(
        (r) => r.name,
      )
    : [];
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (!tables.has(table)) continue;
    const counted = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
      db,
    );
    rows[table] = Number(counted.rows[0]?.n ?? 0);
  }
  return { migrations, rows };
}

/** "user: 3, tripitaka: 2" for the tables that have rows; empty when none has. */
export function describeData(rows: Record<string, number>): string {
  return Object.entries(rows)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table}: ${n}`)
    .join(", ");
}

/** The migrations this version of the server applies, by applying them to a scratch database. */
export async function knownMigrations(): Promise<string[]> {
  const scratch = openDatabase({ kind: "sqlite", file: ":memory:" });
  try {
    return await migrateToLatest(scratch.db, scratch.dialect);
  } finally {
    await scratch.close();
  }
}
