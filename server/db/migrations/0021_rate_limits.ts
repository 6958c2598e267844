import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * Rate-limit counters every server process shares (server/plugins/rate-limit-store.ts), and on
 * PostgreSQL the notices that tell every process when a search cache's stamp changed
 * (server/plugins/cache-invalidation.ts): a change to a tripitaka's search index version, or to the
 * stored gaiji table, is announced on the `cache_invalidation` channel as `<table>:<key>`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("rate_limit_hit")
    /** The limited route, as "<METHOD><url>". */
    .addColumn("route", "text", (c) => c.notNull())
    /** Whom the limit counts: the client's address, or what the route's key generator names. */
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    /** When the window ends (ms since the epoch); a hit after it starts a new window. */
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_hit_pk", ["route", "key"])
    .execute();
  await db.schema.createIndex("rate_limit_hit_expires").on("rate_limit_hit").column("expires_at").execute();

  if (dialect !== "postgres") return;
  // Each change names its table and key, e.g. `search_tripitaka:TS`, to every listening process.
  for (const [table, key] of [
    ["search_tripitaka", "uid"],
    ["setting", "key"],
  ] as const) {
    await sql`
      CREATE FUNCTION ${sql.raw(`notify_${table}_change`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('cache_invalidation', ${sql.raw(`'${table}:'`)} || COALESCE(NEW.${sql.raw(key)}, OLD.${sql.raw(key)}));
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_changed`)}
      AFTER INSERT OR UPDATE OR DELETE ON ${sql.raw(table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`notify_${table}_change`)}()`.execute(db);
  }
}
