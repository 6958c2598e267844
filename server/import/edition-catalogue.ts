/**
 * The edition catalogues of the corpus (`metadata/tripitakas/Sutra-JS.csv`, `sutra-sample.csv`):
 * every sutra of an edition, its text imported or not, with the volume and page it starts on and
 * the volume and page it ends on. They are stored in `edition_sutra` and place a scanned page in
 * its sutra: `JS_100_527` (volume JS_100, page 527) lies in JS1541 摩诃止观, which runs from
 * page 333 to page 834 of JS_100.
 *
 * A catalogue is a CSV file named `sutra-….csv` (any case) whose header names the columns in
 * English (`sutra_code, sutra_name, start_volume, start_page, end_volume, end_page`) or in Chinese
 * (`经编码, 经名, 起始册, 起始页, 终止册, 终止页`). Names may be simplified (径山藏) or traditional
 * (高丽再雕); each is stored in both scripts.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { parsePageUid, uidPatterns } from "../../contract/ids.ts";
import type { TextFormConverter } from "../../contract/text-forms.ts";
import type { CanonDb } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { EditionSutraTable } from "../db/tables/edition-sutra.ts";
import type { ImportFailure } from "./import-failure.ts";
import { parseCsv } from "./persons/sna.ts";

const COLUMNS = {
  uid: ["sutra_code", "经编码"],
  name: ["sutra_name", "经名"],
  startVolume: ["start_volume", "起始册"],
  startPage: ["start_page", "起始页"],
  endVolume: ["end_volume", "终止册"],
  endPage: ["end_page", "终止页"],
} as const satisfies Record<string, readonly [string, string]>;
type Column = keyof typeof COLUMNS;

const CATALOGUE_HASH_KEY = "edition_catalogue_hash";
const VOLUME_RE = /^([A-Z]{2})((?:_[0-9]+)+)$/;
/**
 * Page 0 stands where the catalogue lacks the last page (JS2255 ends at "JS_220, 0"): such a sutra
 * holds no page of its last volume.
 */
const PAGE_NO_RE = /^[0-9]+$/;

/** A volume id's numbers: `JS_100` is [100], `GL_8_1` (sutra 8, reel 1) is [8, 1]. */
function volumeNumbers(volume: string): { tripitaka: string; numbers: number[] } | null {
  const m = VOLUME_RE.exec(volume);
  return m ? { tripitaka: m[1] as string, numbers: (m[2] as string).slice(1).split("_").map(Number) } : null;
}

/** Where each column is in a header; null when the file is not a sutra catalogue. */
function columnsOf(header: readonly string[]): Record<Column, number> | null {
  const found = {} as Record<Column, number>;
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const at = header.findIndex((name) => names.includes(name.trim()));
    if (at < 0) return null;
    found[column] = at;
  }
  return found;
}

type ReadRow = { row: Omit<EditionSutraTable, "sn"> } | { problem: string };

function readRow(
  record: readonly string[],
  at: Record<Column, number>,
  converter: TextFormConverter,
  tripitakas: ReadonlySet<string>,
): ReadRow {
  const field = (column: Column) => (record[at[column]] ?? "").trim();
  const uid = field("uid");
  const name = field("name");
  if (!uidPatterns.sutra.test(uid)) return { problem: `"${uid}" is not a sutra code` };
  const tripitaka = uid.slice(0, 2);
  if (!tripitakas.has(tripitaka)) return { problem: `${uid}: no tripitaka ${tripitaka}` };
  if (name === "") return { problem: `${uid} has no name` };
  for (const [volume, page] of [
    ["startVolume", "startPage"],
    ["endVolume", "endPage"],
  ] as const) {
    if (volumeNumbers(field(volume))?.tripitaka !== tripitaka)
      return { problem: `${uid}: "${field(volume)}" is not a volume of ${tripitaka}` };
    if (!PAGE_NO_RE.test(field(page))) return { problem: `${uid}: "${field(page)}" is not a page number` };
  }
  const simplified = converter.simplify(name);
  return {
    row: {
      uid,
      tripitaka_uid: tripitaka,
      name_sim: simplified,
      name_trad: simplified === name ? converter.traditionalize(name) : name,
      start_volume: field("startVolume"),
      start_page: Number(field("startPage")),
      end_volume: field("endVolume"),
      end_page: Number(field("endPage")),
    },
  };
}

/** The sutras of every catalogue under `metadata/tripitakas/`; a sutra listed twice keeps its first row. */
export function readEditionCatalogue(
  metadataDir: string,
  converter: TextFormConverter,
  tripitakas: ReadonlySet<string>,
): { rows: EditionSutraTable[]; failures: ImportFailure[] } {
  const dir = join(metadataDir, "tripitakas");
  const rows: EditionSutraTable[] = [];
  const failures: ImportFailure[] = [];
  if (!existsSync(dir)) return { rows, failures };
  const seen = new Set<string>();
  const files = readdirSync(dir)
    .filter((name) => /^sutra-.+\.csv$/i.test(name))
    .sort();
  for (const name of files) {
    const file = join(dir, name);
    const [header, ...records] = parseCsv(readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
    const at = header ? columnsOf(header) : null;
    if (!at) continue;
    for (const [index, record] of records.entries()) {
      if (record.every((value) => value.trim() === "")) continue;
      const read = readRow(record, at, converter, tripitakas);
      if ("problem" in read) failures.push({ file, line: index + 2, message: read.problem });
      else if (!seen.has(read.row.uid)) {
        seen.add(read.row.uid);
        rows.push({ ...read.row, sn: rows.length + 1 });
      }
    }
  }
  return { rows, failures };
}

/**
 * Replaces the stored catalogue with the one in `metadataDir` when it changed (its hash is kept
 * as a setting). Answers the rows that could not be read.
 */
export async function storeEditionCatalogue(
  canon: CanonDb,
  metadataDir: string,
  converter: TextFormConverter,
): Promise<ImportFailure[]> {
  const tripitakas = new Set(
    (await canon.db.selectFrom("tripitaka").select("uid").execute()).map((row) => row.uid),
  );
  const { rows, failures } = readEditionCatalogue(metadataDir, converter, tripitakas);
  const hash = createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  const stored = await canon.db
    .selectFrom("setting")
    .select("value")
    .where("key", "=", CATALOGUE_HASH_KEY)
    .executeTakeFirst();
  if (stored?.value === hash) return failures;
  await canon.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("edition_sutra").execute();
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto("edition_sutra")
        .values(rows.slice(i, i + 1000))
        .execute();
    await trx
      .insertInto("setting")
      .values({ key: CATALOGUE_HASH_KEY, value: hash })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: hash }))
      .execute();
  });
  return failures;
}

/** The sutra a page lies in, by its uid; null when no catalogue places it. */
export type SutraPlacer = (pageUid: string) => string | null;

type Span = { uid: string; start: number[]; end: number[] };

/** Compares `page`'s leading numbers with `key`, as many as the key has; null when the page has fewer. */
function compareWith(page: readonly number[], key: readonly number[]): number | null {
  if (page.length < key.length) return null;
  for (const [i, n] of key.entries()) if (page[i] !== n) return (page[i] as number) - n;
  return 0;
}

type PlacedSutra = Pick<
  EditionSutraTable,
  "uid" | "tripitaka_uid" | "start_volume" | "start_page" | "end_volume" | "end_page"
>;

/**
 * Places pages by catalogue rows (in catalogue order): a page of volume V, page P lies in the sutra
 * whose start (volume, page) <= (V, P) <= its end (volume, page). Where two sutras share the page
 * (one ends on it as the next begins), it goes to the one beginning last, the first listed of those.
 */
export function sutraPlacer(rows: readonly PlacedSutra[]): SutraPlacer {
  const spans = new Map<string, Span[]>();
  for (const row of rows) {
    const start = volumeNumbers(row.start_volume);
    const end = volumeNumbers(row.end_volume);
    if (!start || !end) continue;
    const list = spans.get(row.tripitaka_uid) ?? [];
    list.push({
      uid: row.uid,
      start: [...start.numbers, row.start_page],
      end: [...end.numbers, row.end_page],
    });
    spans.set(row.tripitaka_uid, list);
  }
  return (pageUid) => {
    const page = parsePageUid(pageUid);
    if (!page) return null;
    let found: Span | null = null;
    for (const span of spans.get(page.tripitaka) ?? []) {
      const fromStart = compareWith(page.numbers, span.start);
      const toEnd = compareWith(page.numbers, span.end);
      if (fromStart === null || toEnd === null || fromStart < 0 || toEnd > 0) continue;
      if (!found || (compareWith(span.start, found.start) ?? 0) > 0) found = span;
    }
    return found?.uid ?? null;
  };
}

/** Places pages by the stored catalogue (see sutraPlacer). */
export async function loadSutraPlacer(db: Kysely<Database>): Promise<SutraPlacer> {
  const rows = await db
    .selectFrom("edition_sutra")
    .select(["uid", "tripitaka_uid", "start_volume", "start_page", "end_volume", "end_page"])
    .orderBy("sn")
    .execute();
  return sutraPlacer(rows);
}
