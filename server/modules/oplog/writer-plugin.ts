/**
 * The app's one operation-log writer on `app.oplogWriter`: events go in with `record`, statistics
 * `flush` it before they read, and closing the app writes what is still waiting.
 */
import type { FastifyInstance } from "fastify";
import { batchThread } from "./batch-thread.ts";
import { keyedHash } from "./keyed-hash.ts";
import { createOplogWriter, type OplogWriter, type OplogWriterSettings } from "./oplog-writer.ts";

declare module "fastify" {
  interface FastifyInstance {
    oplogWriter: OplogWriter;
  }
}

export function registerOplogWriter(app: FastifyInstance, settings: OplogWriterSettings = {}): void {
  const { config } = app.deps.canon;
  // An in-memory SQLite database cannot be opened a second time.
  const inThread =
    settings.writeInThread === true && !(config.kind === "sqlite" && config.file === ":memory:");
  const writer = createOplogWriter({
    ...settings,
    ...(inThread ? { batchWrite: batchThread(config, app.auth.secret) } : {}),
    db: app.deps.canon.db,
    dialect: app.deps.canon.dialect,
    now: app.auth.now,
    hash: keyedHash(app.auth.secret),
    log: app.log,
  });
  app.decorate("oplogWriter", writer);
  app.addHook("onReady", async () => writer.start());
  app.addHook("onClose", async () => writer.close());
}
