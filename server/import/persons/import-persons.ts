/**
 * The persons phase of the canon import: the TEI biographies and the SNA tables of the corpus's
 * `persons/` folder, tied to the catalogue's creators, into the person tables. The sources' hash
 * is kept as a setting; when it has not changed the phase reads nothing more and writes nothing.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { TextFormConverter } from "../../../contract/text-forms.ts";
import type { CanonDb } from "../../db/connect.ts";
import { assemblePersonRows, type ReadBiography } from "./assemble.ts";
import { BIOGRAPHY_COLLECTIONS, type BiographyCollection, parseBiography } from "./biographies.ts";
import { catalogueFiles, creatorsFile, loadCreators } from "./creators.ts";
import { readSnaPersons, readSnaRelations } from "./sna.ts";
import { writePersonRows } from "./write-persons.ts";

/** Bumped when the reading rules change, so the persons are imported again. */
const PERSONS_IMPORTER_VERSION = "1";
export const PERSONS_HASH_KEY = "persons_hash";

export type PersonsFailure = { file: string; line: number | null; message: string };

export type PersonsReport = {
  unchanged: boolean;
  persons: number;
  biographies: number;
  relations: number;
  /** SNA nodes tied to an authority id, by biography and by catalogue evidence. */
  matchedByBiography: number;
  matchedByCatalogue: number;
  failures: PersonsFailure[];
  ms: number;
};

type SourceFiles = {
  biographies: { path: string; collection: BiographyCollection }[];
  persons: string;
  relations: string;
  metadata: string[];
};

function sourceFiles(personsDir: string, metadataDir: string | null): SourceFiles {
  const biographies: SourceFiles["biographies"] = [];
  for (const collection of BIOGRAPHY_COLLECTIONS) {
    const dir = join(personsDir, "biographies", collection.folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort())
      if (name.endsWith(".xml")) biographies.push({ path: join(dir, name), collection });
  }
  const metadata = metadataDir ? [creatorsFile(metadataDir), ...catalogueFiles(metadataDir)] : [];
  return {
    biographies,
    persons: join(personsDir, "sna", "persons.csv"),
    relations: join(personsDir, "sna", "relations.csv"),
    metadata: metadata.filter((file) => existsSync(file)),
  };
}

function hashOf(personsDir: string, files: SourceFiles): string {
  const hash = createHash("sha256").update(`${PERSONS_IMPORTER_VERSION}\n`);
  const paths = [...files.biographies.map((b) => b.path), files.persons, files.relations, ...files.metadata];
  for (const file of paths) {
    hash.update(`${file.startsWith(personsDir) ? file.slice(personsDir.length) : file}\n`);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

const readText = (file: string): string => (existsSync(file) ? readFileSync(file, "utf8") : "");

export async function importPersons(options: {
  canon: CanonDb;
  personsDir: string;
  metadataDir: string | null;
  converter: TextFormConverter;
}): Promise<PersonsReport> {
  const started = performance.now();
  const { canon, personsDir } = options;
  const files = sourceFiles(personsDir, options.metadataDir);
  const hash = hashOf(personsDir, files);
  const report: PersonsReport = {
    unchanged: false,
    persons: 0,
    biographies: 0,
    relations: 0,
    matchedByBiography: 0,
    matchedByCatalogue: 0,
    failures: [],
    ms: 0,
  };
  const stored = await canon.db
    .selectFrom("setting")
    .select("value")
    .where("key", "=", PERSONS_HASH_KEY)
    .executeTakeFirst();
  if (stored?.value === hash) {
    report.unchanged = true;
    report.ms = Math.round(performance.now() - started);
    return report;
  }

  const biographies: ReadBiography[] = [];
  for (const { path, collection } of files.biographies) {
    const fileName = basename(path);
    const file = `biographies/${collection.folder}/${fileName}`;
    try {
      const parsed = parseBiography(readFileSync(path, "utf8"));
      if (parsed) biographies.push({ collection, file, fileName, parsed });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const line = /line (\d+)/.exec(message)?.[1];
      report.failures.push({ file, line: line ? Number(line) : null, message });
    }
  }
  const persons = readSnaPersons(readText(files.persons));
  const relations = readSnaRelations(readText(files.relations));
  if (persons.skipped > 0)
    report.failures.push({
      file: "sna/persons.csv",
      line: null,
      message: `${persons.skipped} rows unreadable`,
    });
  if (relations.skipped > 0)
    report.failures.push({
      file: "sna/relations.csv",
      line: null,
      message: `${relations.skipped} rows unreadable`,
    });

  const rows = assemblePersonRows(
    {
      biographies,
      snaPersons: persons.persons,
      snaRelations: relations.relations,
      creators: loadCreators(options.metadataDir),
    },
    options.converter,
  );
  await writePersonRows(canon.db, canon.dialect, rows, { key: PERSONS_HASH_KEY, value: hash });
  report.persons = rows.person.length;
  report.biographies = rows.biography.length;
  report.relations = rows.person_relation.length;
  report.matchedByBiography = rows.matchedByBiography;
  report.matchedByCatalogue = rows.matchedByCatalogue;
  report.ms = Math.round(performance.now() - started);
  return report;
}
