/**
 * `npm run canon:import -- <dir> [--packs]`: imports a canon corpus folder (or a bare folder of CBETA
 * XML) into the configured database and storage, with progress on a terminal, then writes the help
 * and the introductions of the tripitakas that lack them (server/modules/articles/article-seeds.ts).
 * With --packs it then builds a pack of each tripitaka whose canon version changed since its last
 * pack (server/packs/import-packs.ts).
 */

import { openDatabase } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadConfig } from "../env.ts";
import { seedArticles } from "../modules/articles/article-seeds.ts";
import { buildImportPacks } from "../packs/import-packs.ts";
import { openPackFonts } from "../packs/pack-fonts.ts";
import { describePack } from "../packs/report.ts";
import { localStorage } from "../storage/local.ts";
import { type ImportProgress, importCanon, resolveCanonSources } from "./import-canon.ts";

function progressPrinter(): (p: ImportProgress) => void {
  const tty = process.stderr.isTTY;
  let lastPhase = "";
  let lastPrinted = 0;
  return (p) => {
    const now = Date.now();
    const finished = p.done === p.total;
    if (!finished && now - lastPrinted < 100 && p.phase === lastPhase) return;
    lastPrinted = now;
    const line = `${p.phase}: ${p.done}/${p.total} ${p.file}`;
    if (tty) {
      process.stderr.write(`\r\x1b[2K${line.slice(0, (process.stderr.columns || 100) - 1)}`);
      if (finished) process.stderr.write("\n");
    } else if (finished || p.phase !== lastPhase) process.stderr.write(`${line}\n`);
    lastPhase = p.phase;
  };
}

const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith("--"));
const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--packs");
if (!dir || unknown.length > 0) {
  console.error("usage: npm run canon:import -- <canon folder> [--packs]");
  process.exit(2);
}
const config = loadConfig();
const canon = openDatabase(config.database);
const storage = localStorage(config.storageDir);
try {
  await migrateToLatest(canon.db, canon.dialect);
  const report = await importCanon({
    canon,
    storage,
    sources: resolveCanonSources(dir),
    onProgress: progressPrinter(),
  });
  for (const work of report.apparatus.works)
    console.log(`apparatus: ${work.file} (${work.sutra_uid}): ${work.places} places, ${work.notes} notes`);
  for (const w of report.warnings)
    console.warn(`warning: ${w.file}${w.line ? `:${w.line}` : ""}: ${w.message}`);
  for (const f of report.failures)
    console.error(`failed: ${f.file}${f.line ? `:${f.line}` : ""}: ${f.message}`);
  console.log(
    `imported ${report.sutras} sutras (${report.unchanged} unchanged), ${report.reels} reels, ` +
      `${report.lines} lines, ${report.chars} chars, ${report.imagePages} page images, ` +
      `${report.apparatus.places} apparatus places with ${report.apparatus.notes} notes ` +
      `in ${(report.ms / 1000).toFixed(1)} s; ${report.failures.length} failed`,
  );
  const seeded = await seedArticles(canon.db, Date.now());
  console.log(
    `introductions and help: ${seeded.created.length} written, ${seeded.refreshed.length} brought up to date`,
  );
  if (args.includes("--packs")) await importPacks();
  process.exitCode = report.failures.length > 0 ? 1 : 0;
} finally {
  await canon.close();
}

async function importPacks(): Promise<void> {
  const fonts = openPackFonts(config.fontFiles, storage, config.fonts.subsetWorkers);
  try {
    const packs = await buildImportPacks({
      db: canon.db,
      storage,
      fonts: fonts.subsetter,
      now: () => Date.now(),
    });
    for (const pack of packs.built) {
      console.log(`pack ${pack.summary.name}, served at ${pack.summary.url}`);
      for (const line of describePack(pack.result)) console.log(line);
    }
    for (const skipped of packs.skipped)
      console.log(`no new pack of ${skipped.tripitaka_uid}: ${skipped.why}`);
  } finally {
    await fonts.close();
  }
}
