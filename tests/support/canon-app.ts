/**
 * A server over a private copy of the starter canon for one suite: made before its tests, closed
 * and removed after them. Read `app` and `database` inside tests and hooks (they are set by then).
 */
import { afterAll, beforeAll } from "vitest";
import type { App, AppDeps } from "../../server/app.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { canonDatabase, type TestDatabase } from "./databases.ts";
import { appOver } from "./test-app.ts";

export type CanonApp = { readonly app: App; readonly database: TestDatabase };

export function canonAppForSuite(dialect: Dialect, deps: Partial<AppDeps> = {}): CanonApp {
  let app: App | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await canonDatabase(dialect);
    app = await appOver(database, deps);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });
  const set = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the suite's ${name} is made in beforeAll: read it in a test`);
    return value;
  };
  return {
    get app() {
      return set(app, "app");
    },
    get database() {
      return set(database, "database");
    },
  };
}
