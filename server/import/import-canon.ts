/**
 * The canon importer: CBETA XML texts with their catalogue metadata and gaiji, and the page-image
 * sets, into the database and object storage. Each sutra is written in its own transaction and
 * only when its source (or its catalogue entry) changed, so a second run changes nothing; a file
 * that cannot be read is reported with its line and the rest still imports.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { basename } from "node:path";
import { sql } from "kysely";
import { createTextFormConverter, type TextFormConverter } from "../../contract/text-forms.ts";
import { cbetaCollectionToTripitaka } from "../../contract/tripitaka.ts";
import type { CanonDb } from "../db/connect.ts";
import { finishSearchIndex, postingsLater } from "../modules/search/index-writer.ts";
import { postingsReady } from "../modules/search/posting-segments.ts";
import type { ObjectStorage } from "../storage/storage.ts";
import { rebuildBooks, refreshCommonSutras } from "./canon-lists.ts";
import { parseFileName } from "./cbeta-parser.ts";
import { rebuildCharTypes } from "./char-types/rebuild-char-types.ts";
import { replaceColophons } from "./colophons/colophon-writer.ts";
import { storeEditionCatalogue } from "./edition-catalogue.ts";
import { FirstImports } from "./first-import.ts";
import { type GaijiCatalogue, loadGaiji } from "./gaiji.ts";
import { failureOf, type ImportFailure } from "./import-failure.ts";
import { importPageImages } from "./page-images.ts";
import { importPersons } from "./persons/import-persons.ts";
import { type CanonSources, displayPath, listCbetaFiles } from "./sources.ts";
import { writeSutra } from "./sutra-writer.ts";
import type { PreparedWork, WorkToPrepare } from "./text-preparation.ts";
import { TextPreparer } from "./text-preparer.ts";
import { loadTripitakas } from "./tripitakas.ts";

export type { ImportFailure } from "./import-failure.ts";
export { type CanonSources, resolveCanonSources } from "./sources.ts";

/**
 * Works asked of the preparing threads ahead of the one being written, at most so many and so
 * many bytes of XML (at least one): a slow stretch of writing and a slow stretch of preparing
 * even out, and a run of large works is not held in memory at once.
 */
const PREPARED_AHEAD = 12;
const PREPARED_AHEAD_BYTES = 32 * 2 ** 20;

export type ImportReport = {
  files: number;
  /** Sutras written (new or changed). */
  sutras: number;
  unchanged: number;
  reels: number;
  lines: number;
  chars: number;
  imagePages: number;
  /** The collation apparatus of each work written, and the totals over them. */
  apparatus: { works: WorkApparatus[]; places: number; notes: number };
  failures: ImportFailure[];
  /** Texts imported with a gap: a gaiji code no table resolves is written as UNKNOWN_GAIJI_MARK. */
  warnings: ImportFailure[];
  ms: number;
  /**
   * Milliseconds by phase: texts, search index, page images, lists, char types, persons, and the
   * planner's statistics (PostgreSQL).
   */
  phaseMs: Record<ImportPhase, number>;
};

/**
 * A work's apparatus: its places (each `<app>`, and each note that belongs to none) and its notes
 * (each `<note>` but the inline and interlinear ones kept in the text, cross-references included).
 */
export type WorkApparatus = { sutra_uid: string; file: string; places: number; notes: number };

export type ImportPhase =
  | "texts"
  | "searchIndex"
  | "pageImages"
  | "lists"
  | "charTypes"
  | "persons"
  | "statistics";

export type ImportProgress = { done: number; total: number; file: string; phase: "texts" | "page images" };

export type ImportOptions = {
  canon: CanonDb;
  storage: ObjectStorage;
  sources: CanonSources;
  onProgress?: (progress: ImportProgress) => void;
  /** Clock for `updated_at`; milliseconds since the epoch. */
  now?: () => number;
  withPageImages?: boolean;
};

async function upsertTripitakas(canon: CanonDb, sources: CanonSources, converter: TextFormConverter) {
  const rows = loadTripitakas(sources.metadataDir, converter.traditionalize);
  for (const row of rows) {
    const { uid, ...rest } = row;
    await canon.db
      .insertInto("tripitaka")
      .values(row)
      .onConflict((oc) => oc.column("uid").doUpdateSet(rest))
      .execute();
  }
}

/** Stores the gaiji table once per distinct gaiji source (its hash is kept as a setting). */
async function storeGaiji(canon: CanonDb, gaiji: GaijiCatalogue): Promise<void> {
  const rows = [...gaiji.byCode.values()].map(({ text: _text, ...row }) => row);
  const hash = createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  const stored = await canon.db
    .selectFrom("setting")
    .select("value")
    .where("key", "=", "gaiji_hash")
    .executeTakeFirst();
  if (stored?.value === hash) return;
  await canon.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("gaiji").execute();
    for (let i = 0; i < rows.length; i += 2000)
      await trx
        .insertInto("gaiji")
        .values(rows.slice(i, i + 2000))
        .execute();
    await trx
      .insertInto("setting")
      .values({ key: "gaiji_hash", value: hash })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: hash }))
      .execute();
  });
}

type Work = { collection: string; workNo: string; files: string[]; bytes: number };

/** Files of one work (a work may span volumes) grouped together, in volume order. */
function groupByWork(files: string[]): Work[] {
  const works = new Map<string, Work>();
  for (const file of files) {
    const { collection, workNo } = parseFileName(basename(file, ".xml"));
    const key = `${collection}${workNo}`;
    const work = works.get(key) ?? { collection, workNo, files: [], bytes: 0 };
    work.files.push(file);
    work.bytes += statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    works.set(key, work);
  }
  const volumeOf = (file: string) => Number.parseInt(/(\d+)n/.exec(basename(file))?.[1] ?? "0", 10);
  for (const work of works.values()) work.files.sort((a, b) => volumeOf(a) - volumeOf(b));
  return [...works.values()];
}

export async function importCanon(options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const { sources } = options;
  // The preparing thread loads its tables while this one sets the import up.
  const preparer = new TextPreparer({ gaijiDir: sources.gaijiDir, metadataDir: sources.metadataDir });
  try {
    return await importWith(options, preparer, started);
  } finally {
    await preparer.close();
  }
}

async function importWith(
  options: ImportOptions,
  preparer: TextPreparer,
  started: number,
): Promise<ImportReport> {
  const { canon, sources } = options;
  const now = options.now ?? Date.now;
  const gaiji = loadGaiji(sources.gaijiDir);
  const converter = createTextFormConverter(gaiji.forms);
  await upsertTripitakas(canon, sources, converter);
  await storeGaiji(canon, gaiji);
  const catalogueFailures = sources.metadataDir
    ? await storeEditionCatalogue(canon, sources.metadataDir, converter)
    : [];

  const files = listCbetaFiles(sources.xmlDirs);
  const report: ImportReport = {
    files: files.length,
    sutras: 0,
    unchanged: 0,
    reels: 0,
    lines: 0,
    chars: 0,
    imagePages: 0,
    apparatus: { works: [], places: 0, notes: 0 },
    failures: catalogueFailures,
    warnings: [],
    ms: 0,
    phaseMs: { texts: 0, searchIndex: 0, pageImages: 0, lists: 0, charTypes: 0, persons: 0, statistics: 0 },
  };
  let phaseStarted = started;
  const phaseDone = (phase: ImportPhase) => {
    const now = performance.now();
    report.phaseMs[phase] = Math.round(now - phaseStarted);
    phaseStarted = now;
  };
  const touched = new Set<string>();
  const known = new Map(
    (await canon.db.selectFrom("sutra").select(["uid", "source_hash"]).execute()).map((s) => [
      s.uid,
      s.source_hash,
    ]),
  );

  const works = groupByWork(files);
  const postingsTables = await postingsReady(canon.db, canon.dialect);
  /** Sutras written by this import: none of their rows were there before. */
  const written = new Set<string>();
  // Tripitakas without a search index yet get it built whole after their texts.
  const indexLater = new Map<string, boolean>();
  const firstImports = new FirstImports();
  const toPrepare = ({ bytes: _bytes, ...work }: Work): WorkToPrepare => {
    const tripitakaUid =
      sources.collections?.[work.collection] ?? cbetaCollectionToTripitaka[work.collection];
    return {
      ...work,
      tripitakaUid,
      shownFiles: work.files.map((file) => displayPath(sources, file)),
      knownHash: tripitakaUid ? (known.get(`${tripitakaUid}${work.workNo}`) ?? null) : null,
    };
  };
  const ahead: Promise<PreparedWork>[] = [];
  let asked = 0;
  let bytesAhead = 0;
  let done = 0;
  try {
    for (const work of works) {
      for (let next = works[asked]; next && ahead.length < PREPARED_AHEAD; next = works[asked]) {
        if (ahead.length > 0 && bytesAhead + next.bytes > PREPARED_AHEAD_BYTES) break;
        ahead.push(preparer.prepare(toPrepare(next)));
        bytesAhead += next.bytes;
        asked++;
      }
      const shown = displayPath(sources, work.files[0] as string);
      options.onProgress?.({ done, total: files.length, file: shown, phase: "texts" });
      done += work.files.length;
      const prepared = await (ahead.shift() as Promise<PreparedWork>);
      bytesAhead -= work.bytes;
      if (prepared.kind === "unchanged") report.unchanged++;
      else if (prepared.kind === "failed") report.failures.push(prepared.failure);
      else {
        try {
          await writePrepared(prepared, work);
        } catch (error) {
          // A database error's own `file` is the database's source file, not ours.
          report.failures.push(failureOf(shown, error));
        }
      }
    }
  } finally {
    await preparer.close();
  }

  async function writePrepared(prepared: PreparedWork & { kind: "prepared" }, work: Work) {
    const { sutra, reelTexts } = prepared;
    const tripitakaUid = sutra.tripitakaUid;
    if (!indexLater.has(tripitakaUid)) {
      indexLater.set(tripitakaUid, await postingsLater(canon.db, canon.dialect, tripitakaUid));
      await firstImports.begin(canon.db, tripitakaUid);
    }
    const lines = firstImports.plan(tripitakaUid, sutra.lines, reelTexts);
    await writeSutra(canon.db, sutra, {
      sourceFile: work.files.map((file) => displayPath(sources, file)).join(","),
      sourceHash: prepared.sourceHash,
      now: now(),
      converter,
      dialect: canon.dialect,
      alongside: (trx) => replaceColophons(trx, sutra.uid, prepared.colophons),
      searchPostings: indexLater.get(tripitakaUid) !== true,
      lines,
      isNew: !known.has(sutra.uid) && !written.has(sutra.uid),
      postingsTables,
    });
    written.add(sutra.uid);
    firstImports.written(tripitakaUid, sutra.lines, lines, indexLater.get(tripitakaUid) === true);
    touched.add(tripitakaUid);
    report.sutras++;
    report.reels += sutra.reels.length;
    report.lines += sutra.lines.count;
    report.chars += sutra.charCnt;
    report.warnings.push(...prepared.warnings);
    const apparatus = {
      sutra_uid: sutra.uid,
      file: displayPath(sources, work.files[0] as string),
      places: sutra.apparatus.reels.reduce((n, reel) => n + reel.entry_count, 0),
      notes: sutra.apparatus.reels.reduce((n, reel) => n + reel.note_count, 0),
    };
    report.apparatus.works.push(apparatus);
    report.apparatus.places += apparatus.places;
    report.apparatus.notes += apparatus.notes;
  }
  options.onProgress?.({ done: files.length, total: files.length, file: "", phase: "texts" });
  phaseDone("texts");
  await finishSearchIndex(canon.db, canon.dialect, firstImports.readTexts);
  firstImports.dropTexts();
  phaseDone("searchIndex");

  if (sources.pageImagesDir && options.withPageImages !== false) {
    const images = await importPageImages({
      canon,
      storage: options.storage,
      dir: sources.pageImagesDir,
      metadataDir: sources.metadataDir,
      converter,
      now,
      onProgress: (done, total, file) => options.onProgress?.({ done, total, file, phase: "page images" }),
    });
    report.imagePages = images.pages;
    report.failures.push(...images.failures);
    for (const uid of images.tripitakas) {
      touched.add(uid);
      firstImports.otherLinesWritten(uid);
    }
  }
  phaseDone("pageImages");

  for (const tripitakaUid of touched) {
    await rebuildBooks(canon.db, tripitakaUid);
    await refreshCommonSutras(canon.db, tripitakaUid);
  }
  phaseDone("lists");
  await rebuildCharTypes({
    canon,
    sources,
    gaiji,
    converter,
    changed: touched,
    censuses: firstImports.censuses(),
  });
  phaseDone("charTypes");
  if (sources.personsDir) {
    const { personsDir, metadataDir } = sources;
    const persons = await importPersons({ canon, personsDir, metadataDir, converter });
    report.failures.push(...persons.failures);
  }
  phaseDone("persons");
  // PostgreSQL plans by statistics that autovacuum gathers only some while after a bulk write:
  // until then a search's snippet reads of a newly filled `line` take tens of milliseconds more.
  if (canon.dialect === "postgres" && touched.size > 0)
    await sql`ANALYZE line, reel, sutra, search_reel, search_segment, search_posting`.execute(canon.db);
  phaseDone("statistics");
  report.ms = Math.round(performance.now() - started);
  return report;
}
