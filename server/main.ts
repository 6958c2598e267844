/**
 * Starts the product: validates the environment, migrates the database, imports the sample canon
 * on first start when the library is empty, writes the help and the tripitakas' introductions that
 * are missing, then serves the API and the web app on one port.
 */
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { withStartupLock } from "./db/startup-lock.ts";
import { loadConfig } from "./env.ts";
import { importSampleCanonIfEmpty } from "./import/first-start.ts";
import { seedArticles } from "./modules/articles/article-seeds.ts";
import { ensureAdmin } from "./modules/auth/admin.ts";
import { loadFollowQr } from "./modules/site/follow-qr.ts";
import { localStorage } from "./storage/local.ts";

const config = loadConfig();
const canon = openDatabase(config.database);
// The AWS SDK loads only for a remote store.
const remote = config.storageUrl ? await import("./storage/s3.ts") : null;
const storage =
  remote && config.storageUrl
    ? remote.s3Storage(remote.parseS3Url(config.storageUrl), undefined, { serve: config.storageServe })
    : localStorage(config.storageDir);
const app = await buildApp({
  canon,
  storage,
  fontFiles: config.fontFiles,
  trustProxy: config.trustProxy,
  fonts: config.fonts,
  logLevel: config.logLevel,
  webDistDir: config.webDistDir,
  apiDocs: config.apiDocs,
  teamJoinUrl: config.teamJoinUrl,
  wechatFollowQr: config.wechatFollowQrFile ? loadFollowQr(config.wechatFollowQrFile) : null,
  auth: {
    jwtSecret: config.jwtSecret ?? undefined,
    smtp: config.smtp ?? undefined,
    oauth: config.oauth,
    rateLimit: { max: config.authRateLimit, timeWindowMs: 60_000 },
    trackRateLimit: { max: config.trackRateLimit, timeWindowMs: 60_000 },
  },
  oplog: { retention: config.oplogRetention, writeInThread: true },
  pageImageLimits: config.pageImageLimits,
});

await withStartupLock(canon, async () => {
  const applied = await migrateToLatest(canon.db, canon.dialect);
  if (applied.length > 0) app.log.info({ applied }, "database migrated");
  const rolledUp = await app.oplogWriter.backfill();
  if (rolledUp > 0) app.log.info({ events: rolledUp }, "earlier operation-log events rolled up");
  if (config.admin) {
    const outcome = await ensureAdmin(canon.db, config.admin, Date.now());
    app.log.info({ username: config.admin.username, outcome }, "administrator account ready");
  }
  await importSampleCanonIfEmpty({ canon, storage, canonDir: config.canonDir, log: app.log });
  const seeded = await seedArticles(canon.db, Date.now());
  if (seeded.created.length + seeded.refreshed.length > 0)
    app.log.info(
      { created: seeded.created.length, refreshed: seeded.refreshed.length },
      "help and introductions written",
    );
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await canon.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `canon reader at http://${config.host}:${config.port}/${config.apiDocs ? " (API docs at /v1/docs)" : ""}`,
);
