/**
 * `--replicate N` for bench:import and bench:search: the bench collections imported N more times
 * under tripitaka codes of their own, to reach the whole canon's size (about 220 M chars: J and T
 * three times) with the same texts, so the figures are honest for size, not for vocabulary.
 *
 * Each copy is a CBETA collection of its own, imported through the product's importer like any
 * other: its code is `R` and a letter (J's copies RA, RB, …, T's RN, RO, …; no CBETA collection
 * and no edition starts with R), used both as the collection (the files' names, `RA01nA042.xml`, and the edition of their
 * lines and pages, `<lb ed="RA">`) and as the tripitaka (CanonSources.collections maps one to the
 * other), so its sutras, reels, pages and books are `RAA042`, `RAA042_1`, `RA_1_793a`, `RA_1`.
 * The copies' files are written once under the temp folder beside the unpacked archives; a
 * metadata folder gives each copy its catalogue entries (authority-catalog/RA.json, the source
 * collection's entries under the copy's work ids), its tripitaka row (tripitaka-sample.csv: the
 * source edition's row, named as its copy, without page images) and the source edition's sutra
 * catalogue when it has one (Sutra-JS.csv as Sutra-RA.csv); the rest of it links to the corpus's.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cbetaCollectionToTripitaka } from "../contract/tripitaka.ts";
import type { CanonSources } from "../server/import/import-canon.ts";
import { unpackBenchCollection } from "./support.ts";

export type BenchCollection = "J" | "T";

/** One copy of a bench collection. */
export type Replica = {
  /** Its collection and tripitaka code. */
  code: string;
  of: BenchCollection;
  /** The tripitaka it copies: JS, TS. */
  ofTripitaka: string;
  /** 1 … N */
  copy: number;
  xmlDir: string;
};

export type Replicas = {
  replicas: Replica[];
  /** Sources for importing the copies (the metadata folder covers the originals too). */
  sources: CanonSources;
};

/** Bumped when the copies' files are made differently, so older copies are written again. */
const COPY_VERSION = "1";
const CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** `--replicate N` (0 without it). */
export function replicateOption(args: readonly string[]): number {
  if (!args.includes("--replicate")) return 0;
  const n = Number(args[args.indexOf("--replicate") + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error("--replicate takes a whole number of copies");
  return n;
}

/**
 * Codes for N copies of each collection, the same whichever collections a run takes (so a kept
 * database, bench:search's --work, never finds one code holding another collection): J's copies
 * are RA, RB, … and T's RN, RO, …, thirteen at most each.
 */
export function planReplicas(collections: readonly BenchCollection[], n: number): Omit<Replica, "xmlDir">[] {
  const perCollection = CODE_LETTERS.length / 2;
  if (n > perCollection) throw new Error(`at most ${perCollection} copies of a collection`);
  const planned: Omit<Replica, "xmlDir">[] = [];
  for (let copy = 1; copy <= n; copy++) {
    for (const of of collections) {
      const letter = CODE_LETTERS[(of === "J" ? 0 : perCollection) + copy - 1] as string;
      planned.push({ code: `R${letter}`, of, ofTripitaka: cbetaCollectionToTripitaka[of] as string, copy });
    }
  }
  return planned;
}

function xmlFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...xmlFiles(path));
    else if (entry.name.endsWith(".xml")) found.push(path);
  }
  return found;
}

/**
 * Writes a copy of a collection's files as collection `code` (once; kept under the temp folder
 * like the unpacked archives) and returns its XML folder.
 */
function writeCopy(of: BenchCollection, code: string): string {
  const source = unpackBenchCollection(of);
  const target = join(tmpdir(), "canon-bench", `replica-${code}-of-${of}`);
  const marker = join(target, ".replicated");
  const xmlDir = join(target, code);
  if (existsSync(marker) && readFileSync(marker, "utf8") === COPY_VERSION) return xmlDir;
  rmSync(target, { recursive: true, force: true });
  process.stderr.write(`writing collection ${of} as ${code} ...\n`);
  const edition = new RegExp(`\\bed="${of}"`, "g");
  const staging = `${xmlDir}.partial`;
  for (const file of xmlFiles(source)) {
    const volumeDir = file.slice(source.length + 1).split("/")[0] as string;
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (!name.startsWith(of) || !volumeDir.startsWith(of)) throw new Error(`unexpected file ${file}`);
    const dir = join(staging, `${code}${volumeDir.slice(of.length)}`);
    mkdirSync(dir, { recursive: true });
    const xml = readFileSync(file, "utf8").replace(edition, `ed="${code}"`);
    writeFileSync(join(dir, `${code}${name.slice(of.length)}`), xml);
  }
  renameSync(staging, xmlDir);
  writeFileSync(marker, COPY_VERSION);
  return xmlDir;
}

function linkAll(from: string, to: string, except: ReadonlySet<string>): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) if (!except.has(name)) symlinkSync(join(from, name), join(to, name));
}

/** The corpus's metadata with each copy's catalogue entries, tripitaka row and edition catalogue. */
function writeMetadata(corpusMetadata: string, replicas: readonly Replica[], target: string): void {
  rmSync(target, { recursive: true, force: true });
  linkAll(corpusMetadata, target, new Set(["authority-catalog", "tripitakas"]));

  const catalogue = join(target, "authority-catalog");
  linkAll(join(corpusMetadata, "authority-catalog"), catalogue, new Set());
  for (const replica of replicas) {
    const file = join(corpusMetadata, "authority-catalog", `${replica.of}.json`);
    const entries = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)
      : {};
    const copied = Object.fromEntries(
      Object.entries(entries).map(([id, entry]) => [`${replica.code}${id.slice(replica.of.length)}`, entry]),
    );
    writeFileSync(join(catalogue, `${replica.code}.json`), JSON.stringify(copied));
  }

  const editions = join(target, "tripitakas");
  const rowsFile = "tripitaka-sample.csv";
  linkAll(join(corpusMetadata, "tripitakas"), editions, new Set([rowsFile]));
  const csv = readFileSync(join(corpusMetadata, "tripitakas", rowsFile), "utf8").replace(/\r?\n$/, "");
  const rows = csv.split(/\r?\n/);
  for (const replica of replicas) {
    const row = rows.find((line) => line.startsWith(`${replica.ofTripitaka},`))?.split(",");
    const [, name = replica.ofTripitaka, short = name, storeMode = "藏_册_页"] = row ?? [];
    const label = `副本${replica.copy}`;
    rows.push(`${replica.code},${name}${label},${short}${label},${storeMode},否,${replica.code},jpg,`);
    const listFile = join(corpusMetadata, "tripitakas", `Sutra-${replica.ofTripitaka}.csv`);
    if (existsSync(listFile)) {
      const prefix = new RegExp(`(^|,)${replica.ofTripitaka}(?=[_0-9])`, "gm");
      const list = readFileSync(listFile, "utf8").replace(prefix, `$1${replica.code}`);
      writeFileSync(join(editions, `Sutra-${replica.code}.csv`), list);
    }
  }
  writeFileSync(join(editions, rowsFile), `${rows.join("\n")}\n`);
}

/**
 * N copies of each collection, written (the files once, the metadata into `work`), and the
 * sources that import them all.
 */
export function prepareReplicas(
  collections: readonly BenchCollection[],
  n: number,
  corpusMetadata: string,
  base: CanonSources,
  work: string,
): Replicas {
  const replicas = planReplicas(collections, n).map((r) => ({ ...r, xmlDir: writeCopy(r.of, r.code) }));
  const metadataDir = join(work, "replica-metadata");
  writeMetadata(corpusMetadata, replicas, metadataDir);
  return {
    replicas,
    sources: {
      ...base,
      root: join(tmpdir(), "canon-bench"),
      xmlDirs: replicas.map((r) => r.xmlDir),
      metadataDir,
      collections: Object.fromEntries(replicas.map((r) => [r.code, r.code])),
    },
  };
}

/** `RA, RB (of JS); RN, RO (of TS)` */
export function describeReplicas(replicas: readonly Replica[]): string {
  const byOrigin = new Map<string, string[]>();
  for (const r of replicas) byOrigin.set(r.ofTripitaka, [...(byOrigin.get(r.ofTripitaka) ?? []), r.code]);
  return [...byOrigin].map(([of, codes]) => `${codes.join(", ")} (of ${of})`).join("; ");
}
