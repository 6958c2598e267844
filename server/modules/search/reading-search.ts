/**
 * Search in the readings on the server (rules: contract/search-readings.ts): the witnesses'
 * fragments of the tripitaka in the form searched whose searchable text holds one of the terms
 * (SQLite `instr`, PostgreSQL `strpos`, the terms bound as parameters), then checked, filtered and
 * listed by the function the offline search worker uses too.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import { readingsFormOf } from "../../../contract/apparatus-witnesses.ts";
import type { ReadingsResult, SearchQuery } from "../../../contract/search.ts";
import type { KeywordPlan, KeywordReader } from "../../../contract/search-keyword.ts";
import {
  type ReadingCandidate,
  type ReadingSutra,
  readingHitKind,
  readingNeedles,
  readingsKeywordQuery,
  readingsSection,
  readingTerms,
} from "../../../contract/search-readings.ts";
import type { GroupScope, StatLabels } from "../../../contract/search-results.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { ReadingFragmentTable } from "../../db/tables/apparatus.ts";

/** A `reading_fragment` row as the search reads it, with its reel's number and names. */
export type FragmentRow = Pick<
  ReadingFragmentTable,
  "reel_uid" | "seq" | "sutra_uid" | "cid" | "witnesses" | "text" | "spans"
> & { reel_no: number; name_trad: string; name_sim: string };

/** What the readings need of the search's catalogue (SearchCatalogue has it). */
export type ReadingsCatalogue = StatLabels & { sutras: ReadonlyMap<string, ReadingSutra> };

const isSpan = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);

function spansOf(json: string): [number, number][] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every(isSpan)) throw new Error(`malformed reading spans ${json}`);
  return value;
}

/**
 * The readings section from the rows found (any superset of those holding a term will do), `plan`
 * the keyword read for the rows' form.
 */
export function readingsOfRows(
  rows: readonly FragmentRow[],
  query: SearchQuery,
  plan: KeywordPlan,
  catalogue: ReadingsCatalogue,
  groups: GroupScope,
): ReadingsResult {
  const simplified = query.txt_type === "sim_txt";
  const candidates: ReadingCandidate[] = [];
  for (const row of rows) {
    const sutra = catalogue.sutras.get(row.sutra_uid);
    if (!sutra) continue;
    candidates.push({
      reel_uid: row.reel_uid,
      reelNo: row.reel_no,
      seq: row.seq,
      reelName: simplified ? row.name_sim : row.name_trad,
      sutra,
      fragment: {
        cid: row.cid,
        witnesses: row.witnesses.split(" ").filter((w) => w !== ""),
        text: row.text,
        spans: spansOf(row.spans),
      },
    });
  }
  return readingsSection(
    candidates,
    { ...query, terms: readingTerms(plan), kind: readingHitKind(plan.mode) },
    catalogue,
    groups,
  );
}

export async function searchReadings(
  db: Kysely<Database>,
  dialect: Dialect,
  tripitakaUid: string,
  query: SearchQuery,
  readKeyword: KeywordReader,
  catalogue: ReadingsCatalogue,
  groups: GroupScope,
): Promise<ReadingsResult> {
  const form = readingsFormOf(query.txt_type);
  const plan = readKeyword(readingsKeywordQuery(query, form));
  const needles = readingNeedles(readingTerms(plan));
  if (needles.length === 0) return { list: [], total: 0, limited: false };
  const column = sql.ref("reading_fragment.search_text");
  const holds = (needle: string) =>
    dialect === "postgres"
      ? sql<SqlBool>`strpos(${column}, ${needle}) > 0`
      : sql<SqlBool>`instr(${column}, ${needle}) > 0`;
  let select = db
    .selectFrom("reading_fragment")
    .innerJoin("reel", "reel.uid", "reading_fragment.reel_uid")
    .select([
      "reading_fragment.reel_uid",
      "reading_fragment.seq",
      "reading_fragment.sutra_uid",
      "reading_fragment.cid",
      "reading_fragment.witnesses",
      "reading_fragment.text",
      "reading_fragment.spans",
      "reel.reel_no",
      "reel.name_trad",
      "reel.name_sim",
    ])
    .where("reading_fragment.tripitaka_uid", "=", tripitakaUid)
    .where("reading_fragment.txt_type", "=", form)
    .where((eb) => eb.or(needles.map(holds)));
  if (query.sutra_uids && query.sutra_uids.length > 0)
    select = select.where("reading_fragment.sutra_uid", "in", query.sutra_uids);
  const rows = await select.execute();
  return readingsOfRows(rows, query, plan, catalogue, groups);
}
