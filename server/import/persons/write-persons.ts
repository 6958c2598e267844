/**
 * Replaces the person tables in one transaction: every table emptied, then filled with many-row
 * INSERTs (server/db/bulk-insert.ts), so 16,000 persons and 25,000 relations take well under a
 * second on either database.
 */
import type { Kysely } from "kysely";
import { bulkInsert } from "../../db/bulk-insert.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { PersonTables } from "../../db/tables/person.ts";
import type { PersonRows } from "./assemble.ts";

/** Children before parents, though no foreign key ties them: the order a reader would expect. */
const TABLES = [
  "person_relation",
  "person_mention",
  "person_date",
  "person_place",
  "biography_date",
  "place",
  "biography_paragraph",
  "biography",
  "person_name",
  "person",
] as const satisfies readonly (keyof PersonTables)[];

export async function writePersonRows(
  db: Kysely<Database>,
  dialect: Dialect,
  rows: PersonRows,
  marker: { key: string; value: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES) await trx.deleteFrom(table).execute();
    for (const table of [...TABLES].reverse()) {
      const list = rows[table] as readonly Record<string, unknown>[];
      const [first] = list;
      if (!first) continue;
      const columns = Object.keys(first);
      // Under SQLite's 32,766 bound values and PostgreSQL's 65,535 for the widest table.
      const chunk = Math.floor(30_000 / columns.length);
      await bulkInsert<Database, Record<string, unknown>>(trx, dialect, { table, columns }, list, chunk);
    }
    await trx
      .insertInto("setting")
      .values(marker)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: marker.value }))
      .execute();
  });
}
