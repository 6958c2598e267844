import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Dialect } from "./connect.ts";
import * as canon from "./migrations/0001_canon.ts";
import * as accounts from "./migrations/0002_accounts.ts";
import * as oplog from "./migrations/0003_oplog.ts";
import * as readerData from "./migrations/0004_reader_data.ts";
import * as feedback from "./migrations/0005_feedback.ts";
import * as search from "./migrations/0006_search.ts";
import * as idempotency from "./migrations/0007_idempotency.ts";
import * as searchHits from "./migrations/0008_search_hits.ts";
import * as searchForms from "./migrations/0009_search_forms.ts";
import * as sessions from "./migrations/0010_sessions.ts";
import * as uploadPolicies from "./migrations/0011_upload_policies.ts";
import * as messagesApplications from "./migrations/0012_messages_applications.ts";
import * as articles from "./migrations/0013_articles.ts";
import * as oplogRollups from "./migrations/0014_oplog_rollups.ts";
import * as colophons from "./migrations/0015_colophons.ts";
import * as charImages from "./migrations/0016_char_images.ts";
import * as persons from "./migrations/0017_persons.ts";
import * as charTypes from "./migrations/0018_char_types.ts";
import * as packs from "./migrations/0019_packs.ts";
import * as searchPostgres from "./migrations/0020_search_postgres.ts";
import * as rateLimits from "./migrations/0021_rate_limits.ts";
import * as searchPostingKey from "./migrations/0022_search_posting_key.ts";
import * as searchPostingVarints from "./migrations/0023_search_posting_varints.ts";
import * as editionSutras from "./migrations/0024_edition_sutras.ts";
import * as messageNotices from "./migrations/0025_message_notices.ts";
import * as signInFailures from "./migrations/0026_sign_in_failures.ts";
import * as pageImageViews from "./migrations/0027_page_image_views.ts";
import * as apparatus from "./migrations/0028_apparatus.ts";
import * as searchSqlitePostings from "./migrations/0029_search_sqlite_postings.ts";
import * as refreshTokenUsedAt from "./migrations/0030_refresh_token_used_at.ts";
import * as searchPostingCompact from "./migrations/0031_search_posting_compact.ts";
import * as searchCharCounts from "./migrations/0032_search_char_counts.ts";
import type { Database } from "./schema.ts";

type MigrationModule = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

/** Migrations in order; names sort in the order they apply. */
const migrations: Record<string, MigrationModule> = {
  "0001_canon": canon,
  "0002_accounts": accounts,
  "0003_oplog": oplog,
  "0004_reader_data": readerData,
  "0005_feedback": feedback,
  "0006_search": search,
  "0007_idempotency": idempotency,
  "0008_search_hits": searchHits,
  "0009_search_forms": searchForms,
  "0010_sessions": sessions,
  "0011_upload_policies": uploadPolicies,
  "0012_messages_applications": messagesApplications,
  "0013_articles": articles,
  "0014_oplog_rollups": oplogRollups,
  "0015_colophons": colophons,
  "0016_char_images": charImages,
  "0017_persons": persons,
  "0018_char_types": charTypes,
  "0019_packs": packs,
  "0020_search_postgres": searchPostgres,
  "0021_rate_limits": rateLimits,
  "0022_search_posting_key": searchPostingKey,
  "0023_search_posting_varints": searchPostingVarints,
  "0024_edition_sutras": editionSutras,
  "0025_message_notices": messageNotices,
  "0026_sign_in_failures": signInFailures,
  "0027_page_image_views": pageImageViews,
  "0028_apparatus": apparatus,
  "0029_search_sqlite_postings": searchSqlitePostings,
  "0030_refresh_token_used_at": refreshTokenUsedAt,
  "0031_search_posting_compact": searchPostingCompact,
  "0032_search_char_counts": searchCharCounts,
};

function providerFor(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(migrations)) {
        out[name] = { up: (db) => module.up(db, dialect) };
      }
      return out;
    },
  };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: providerFor(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Applies the migrations up to and including `name` only: a migration's tests start from there. */
export async function migrateUpTo(db: Kysely<Database>, dialect: Dialect, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: providerFor(dialect) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
