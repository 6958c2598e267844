import { mkdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../server/db/connect.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { importCanon, resolveCanonSources } from "../../server/import/import-canon.ts";
import { localStorage } from "../../server/storage/local.ts";
import { corpusDir } from "./corpus.ts";

export const PG_TEMPLATE_DATABASE = "canon_template";

/** Imports the starter canon (texts, metadata, gaiji, page images) into the template databases. */
export async function buildCanonTemplate(options: { workDir: string; pgAdminUrl: string | null }) {
  const storageDir = join(options.workDir, "template-storage");
  mkdirSync(storageDir, { recursive: true });
  const storage = localStorage(storageDir);
  const sources = resolveCanonSources(corpusDir());

  const sqliteFile = join(options.workDir, "template.db");
  const sqlite = openDatabase({ kind: "sqlite", file: sqliteFile });
  try {
    await migrateToLatest(sqlite.db, sqlite.dialect);
    await importCanon({ canon: sqlite, storage, sources });
  } finally {
    await sqlite.close();
  }

  let pgDatabase: string | null = null;
  if (options.pgAdminUrl) {
    const admin = new pg.Client({ connectionString: options.pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DATABASE}`);
    await admin.end();
    const url = options.pgAdminUrl.replace(/\/postgres$/, `/${PG_TEMPLATE_DATABASE}`);
    const postgres = openDatabase({ kind: "postgres", url });
    try {
      await migrateToLatest(postgres.db, postgres.dialect);
      await importCanon({ canon: postgres, storage, sources });
    } finally {
      await postgres.close();
    }
    pgDatabase = PG_TEMPLATE_DATABASE;
  }
  return { sqliteFile, pgDatabase, storageDir };
}
