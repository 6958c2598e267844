import type { FastifyBaseLogger } from "fastify";
import type { CanonDb } from "../db/connect.ts";
import type { ObjectStorage } from "../storage/storage.ts";
import { importCanon, resolveCanonSources } from "./import-canon.ts";

/** On first start (no sutra in the database) imports the sample canon from CANON_DIR. */
export async function importSampleCanonIfEmpty(options: {
  canon: CanonDb;
  storage: ObjectStorage;
  canonDir: string | null;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { canon, log } = options;
  const any = await canon.db.selectFrom("sutra").select("uid").limit(1).executeTakeFirst();
  if (any) return;
  if (!options.canonDir) {
    log.warn(
      "the library is empty and no canon corpus was found: set CANON_DIR to a corpus folder, " +
        "or import one with `npm run canon:import -- <dir>`",
    );
    return;
  }
  log.info({ canonDir: options.canonDir }, "importing the sample canon (first start)");
  const report = await importCanon({
    canon,
    storage: options.storage,
    sources: resolveCanonSources(options.canonDir),
  });
  for (const failure of report.failures) log.warn(failure, "import failure");
  log.info(
    { sutras: report.sutras, reels: report.reels, imagePages: report.imagePages, ms: report.ms },
    "sample canon imported",
  );
}
