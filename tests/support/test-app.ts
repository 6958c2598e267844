/**
 * The app under test over a test database: its canon and storage, quiet logs and no fonts unless
 * the test gives other settings.
 */
import { type App, type AppDeps, buildApp } from "../../server/app.ts";

export function appOver(
  database: Pick<AppDeps, "canon" | "storage">,
  deps: Partial<AppDeps> = {},
): Promise<App> {
  return buildApp({
    canon: database.canon,
    storage: database.storage,
    fontFiles: [],
    logLevel: "silent",
    ...deps,
  });
}
