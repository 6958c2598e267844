/**
 * Starts the throwaway PostgreSQL cluster and builds the template databases the server tests copy:
 * the starter canon imported once into a SQLite file and into a PostgreSQL template database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildCanonTemplate } from "./canon-template.ts";
import { testDialects } from "./dialects.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    workDir: string;
    pgUrlBase: string | null;
    sqliteTemplate: string;
    pgTemplate: string | null;
    templateStorage: string;
  }
}

let cluster: PostgresCluster | null = null;
let workDir = "";

export async function setup(project: TestProject): Promise<void> {
  workDir = mkdtempSync(join(tmpdir(), "canon-tests-"));
  const dialects = testDialects();
  if (dialects.includes("postgres")) cluster = await startPostgresCluster();
  const template = await buildCanonTemplate({
    workDir,
    pgAdminUrl: cluster ? cluster.url("postgres") : null,
  });
  project.provide("workDir", workDir);
  project.provide("pgUrlBase", cluster ? cluster.url("") : null);
  project.provide("pgTemplate", template.pgDatabase);
  // To every project of the run: the unit tests that serve the canon copy it (starter-canon.ts).
  project.vitest.provide("sqliteTemplate", template.sqliteFile);
  project.vitest.provide("templateStorage", template.storageDir);
}

export async function teardown(): Promise<void> {
  cluster?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
