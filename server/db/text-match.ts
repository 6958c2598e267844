/** Containment filters of the admin lists, alike on SQLite and PostgreSQL. */
import { type Expression, type RawBuilder, sql } from "kysely";

/**
 * `column` contains `text`, ignoring the case of Latin letters on both databases (SQLite's LIKE
 * ignores it, PostgreSQL's does not); LIKE's wildcards in `text` match only themselves.
 */
export function containsText(column: Expression<string | null>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
}
