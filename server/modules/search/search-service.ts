/**
 * A full-canon search: the keyword read into terms, each term counted per reel by the index, the
 * reels holding every term filtered, counted into statistics, sorted and paged, and the page's
 * reels given snippets from their stored text.
 */
import { type Kysely, sql } from "kysely";
import type { HitStats, SearchItem, SearchQuery, SearchResult, Snippet } from "../../../contract/search.ts";
import type { KeywordPlan } from "../../../contract/search-keyword.ts";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import {
  type Match as CatalogueMatch,
  filterMatches,
  firstMatches,
  type GroupScope,
  pageWithinLimit,
} from "../../../contract/search-results.ts";
import { buildSnippets, LINE_BREAK } from "../../../contract/search-snippets.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { CatalogueCache, ReelEntry, SearchCatalogue, SutraEntry } from "./catalogue.ts";
import type { IdRange } from "./index-writer.ts";
import { decodeLineChars, lineAt } from "./line-chars.ts";
import { lookupOf } from "./query-plan.ts";
import type { SearchReadings } from "./readings.ts";
import type { PhraseCounts, SearchIndex } from "./search-index.ts";

type Match = CatalogueMatch<ReelEntry, SutraEntry>;

export type SearchDeps = {
  db: () => Kysely<Database>;
  dialect: Dialect;
  index: () => SearchIndex;
  catalogue: CatalogueCache;
  readings: () => Promise<SearchReadings>;
};

/**
 * Hits per reel id of every term, and a place at or before each reel's first hit of any term; a
 * reel missing a term is left out.
 */
async function countHits(
  index: SearchIndex,
  plan: KeywordPlan,
  readings: SearchReadings,
  range: IdRange,
): Promise<PhraseCounts> {
  let total: PhraseCounts | null = null;
  for (const term of plan.terms) {
    const lookup = await lookupOf(index, term, plan.mode, plan.txtType, readings);
    const counts = await index.count(lookup.column, lookup.phrases, range);
    if (total === null) total = counts;
    else {
      const previous: PhraseCounts = total;
      total = { hits: new Map(), firstAt: new Map() };
      for (const [id, n] of previous.hits) {
        const more = counts.hits.get(id);
        if (more === undefined) continue;
        total.hits.set(id, n + more);
        const [a, b] = [previous.firstAt.get(id), counts.firstAt.get(id)];
        if (a !== undefined && b !== undefined) total.firstAt.set(id, Math.min(a, b));
      }
    }
    if (total.hits.size === 0) break;
  }
  return total ?? { hits: new Map(), firstAt: new Map() };
}

type Searched = {
  plan: KeywordPlan;
  matches: Match[];
  /** A place at or before each reel's first hit, in searchable chars (PhraseCounts). */
  firstAt: Map<number, number>;
  stats: HitStats;
  readings: SearchReadings;
  catalogue: SearchCatalogue;
};

async function search(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<Searched> {
  const [catalogue, readings] = await Promise.all([deps.catalogue(tripitakaUid), deps.readings()]);
  const plan = readings.readKeyword(query);
  const counted =
    catalogue.range && plan.terms.length > 0
      ? await countHits(deps.index(), plan, readings, catalogue.range)
      : { hits: new Map<number, number>(), firstAt: new Map<number, number>() };
  const all: Match[] = [];
  for (const [id, n] of counted.hits) {
    const reel = catalogue.reels.get(id);
    const sutra = reel && catalogue.sutras.get(reel.sutraUid);
    if (reel && sutra) all.push({ reel, sutra, hits: n });
  }
  const filtered = filterMatches(all, query, catalogue, groups);
  return {
    plan,
    matches: filtered.matches,
    firstAt: counted.firstAt,
    stats: filtered.stats,
    readings,
    catalogue,
  };
}

export async function matchCount(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<HitStats> {
  return (await search(deps, tripitakaUid, query, groups)).stats;
}

/** Which lines of a reel to read: those after its first `after`, `lines` of them or to the end (null). */
type LinesWanted = { reelUid: string; after: number; lines: number | null };

/** The most lines a reel may hold: a read of this many takes them all. */
const ALL_LINES = 2_147_483_647;

/** Lines of a reel in one text type, joined by LINE_BREAK, and how many were read. */
type LinesRead = { text: string; count: number };

/**
 * The stored text of reels in one text type: of each reel the lines `wanted` says. Line ids are
 * not read: the snippets ask for theirs (cidsOf).
 */
async function readLines(
  db: Kysely<Database>,
  dialect: Dialect,
  wanted: LinesWanted[],
  txtType: SearchQuery["txt_type"],
): Promise<LinesRead[]> {
  const column = sql.ref(txtType);
  // One read of the (reel_uid, reel_seq) index per reel; SQLite's aggregate takes the lines in the
  // index's order, so nothing is sorted. PostgreSQL runs the reads side by side on its pool.
  const joined =
    dialect === "sqlite"
      ? sql<string>`group_concat(${column}, ${LINE_BREAK})`
      : sql<string>`string_agg(${column}, ${LINE_BREAK} ORDER BY reel_seq)`;
  const rows = await Promise.all(
    wanted.map((w) => {
      const last = w.lines === null ? ALL_LINES : w.after + w.lines;
      return sql<{ text: string | null; count: number }>`
        SELECT ${joined} AS text, count(*) AS count FROM line
        WHERE reel_uid = ${w.reelUid} AND reel_seq > ${w.after} AND reel_seq <= ${last}`.execute(db);
    }),
  );
  return rows.map((r) => ({ text: r.rows[0]?.text ?? "", count: Number(r.rows[0]?.count ?? 0) }));
}

/** The line ids of the given lines (from 0, in reel order) of reels. */
async function cidsOf(db: Kysely<Database>, lines: { reelUid: string; line: number }[]) {
  const cids = new Map<string, string>();
  for (let i = 0; i < lines.length; i += 200) {
    const batch = lines.slice(i, i + 200);
    const rows = await db
      .selectFrom("line")
      .select(["reel_uid", "reel_seq", "page_uid", "line_no"])
      .where((eb) =>
        eb.or(batch.map((l) => eb.and([eb("reel_uid", "=", l.reelUid), eb("reel_seq", "=", l.line + 1)]))),
      )
      .execute();
    for (const row of rows)
      cids.set(`${row.reel_uid}:${Number(row.reel_seq) - 1}`, `${row.page_uid}.${row.line_no}`);
  }
  return cids;
}

/** The fewest and the most lines read first of a reel. */
const MIN_FIRST_LINES = 40;
const MAX_FIRST_LINES = 160;
/** Room left after the last snippet of a partly read reel, so no hit it holds can be cut off. */
const SETTLED_MARGIN = 200;

/** Lines to read next of a reel, given how many are read: the rest (null) once that is most of it. */
function nextRead(lineCount: number, read: number, lines: number): number | null {
  return read + lines * 2 >= lineCount ? null : lines;
}

/**
 * A reel being read for its snippets: the lines before its first hit that are skipped, its text
 * read so far (lines after those), and the lines the next read takes.
 */
type Reading = { match: Match; from: number; text: string; read: number; next: number | null };

/**
 * Lines to skip of each reel whose first hit the index located: those wholly before the hit's
 * snippet context, less one for a text type whose lines differ slightly from the indexed form's.
 */
async function linesBeforeFirstHits(db: Kysely<Database>, page: Match[], firstAt: Map<number, number>) {
  const located = page.filter((m) => firstAt.has(m.reel.id)).map((m) => m.reel.id);
  const skipped = new Map<number, number>();
  if (located.length === 0) return skipped;
  const rows = await db
    .selectFrom("search_reel")
    .select(["id", "line_chars"])
    .where("id", "in", located)
    .execute();
  for (const row of rows) {
    if (!row.line_chars) continue;
    const offset = (firstAt.get(Number(row.id)) as number) - SNIPPET_CONTEXT;
    skipped.set(Number(row.id), Math.max(0, lineAt(decodeLineChars(row.line_chars), offset) - 1));
  }
  return skipped;
}

/**
 * The page's snippets. A reel is read from the line of its first hit where the index tells it,
 * from its start otherwise: first as many lines as would hold twice the snippets shown, were its
 * hits spread evenly (within bounds), then twice as many as are read so far, and so on until its
 * snippets are settled or the reel ends. The snippets' line ids are read last, for their lines
 * alone.
 */
async function snippetsOf(deps: SearchDeps, page: Match[], query: SearchQuery, found: Searched) {
  const { plan } = found;
  const { folding } = found.readings;
  const built = new Map<string, ReturnType<typeof buildSnippets>>();
  const skipped = await linesBeforeFirstHits(deps.db(), page, found.firstAt);
  const linesLeft = (r: Reading) => Math.max(1, r.match.reel.lineCount - r.from);
  let reading: Reading[] = page.map((match) => {
    const from = skipped.get(match.reel.id) ?? 0;
    const r: Reading = { match, from, text: "", read: 0, next: null };
    const spread = Math.ceil((2 * SNIPPETS_PER_REEL * linesLeft(r)) / match.hits);
    r.next = nextRead(linesLeft(r), 0, Math.min(MAX_FIRST_LINES, Math.max(MIN_FIRST_LINES, spread)));
    return r;
  });
  while (reading.length > 0) {
    const wanted = reading.map((r) => ({
      reelUid: r.match.reel.reelUid,
      after: r.from + r.read,
      lines: r.next,
    }));
    const parts = await readLines(deps.db(), deps.dialect, wanted, query.txt_type);
    const unsettled: Reading[] = [];
    reading.forEach((r, i) => {
      const part = parts[i] as LinesRead;
      if (part.count > 0) r.text = r.read === 0 ? part.text : `${r.text}${LINE_BREAK}${part.text}`;
      r.read += part.count;
      const made = buildSnippets({ text: r.text, cids: [] }, plan, folding);
      const ended = r.next === null || part.count < r.next;
      // Settled: every snippet shown, or every hit the index counted in the reel, is found, and
      // the last snippet is not cut off by the end of what is read.
      const settled =
        (made.snippets.length === SNIPPETS_PER_REEL || made.hits >= r.match.hits) &&
        made.end + SETTLED_MARGIN <= r.text.length;
      if (ended || settled)
        built.set(r.match.reel.reelUid, { ...made, lines: made.lines.map((line) => r.from + line) });
      else {
        r.next = nextRead(linesLeft(r), r.read, r.read * 2);
        unsettled.push(r);
      }
    });
    reading = unsettled;
  }

  const cids = await cidsOf(
    deps.db(),
    [...built].flatMap(([reelUid, made]) => made.lines.map((line) => ({ reelUid, line }))),
  );
  const out = new Map<string, Snippet[]>();
  for (const [reelUid, made] of built) {
    out.set(
      reelUid,
      made.snippets.map((snippet, i) => ({ ...snippet, cid: cids.get(`${reelUid}:${made.lines[i]}`) ?? "" })),
    );
  }
  return out;
}

export async function searchPage(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<SearchResult> {
  const found = await search(deps, tripitakaUid, query, groups);
  const { page, total, limited } = pageWithinLimit(found.matches, query.page_no, query.page_size, (count) =>
    firstMatches(found.matches, query.sort_by, count),
  );
  const snippets = await snippetsOf(deps, page, query, found);
  const simplified = query.txt_type === "sim_txt";
  const list: SearchItem[] = page.map(({ reel, sutra, hits }) => ({
    reel_uid: reel.reelUid,
    sutra_uid: sutra.uid,
    reel_name: simplified ? reel.nameSim : reel.nameTrad,
    keyword_count: hits,
    txts: snippets.get(reel.reelUid) ?? [],
    sutra_name: `${sutra.nameSim}|${sutra.nameTrad}`,
    dynasty_author: sutra.byline,
    categories:
      sutra.categoryId === null
        ? []
        : [{ id: sutra.categoryId, name: found.catalogue.categories.get(sutra.categoryId) ?? "" }],
    start_year: sutra.startYear,
    end_year: sutra.endYear,
  }));
  return {
    list,
    page_no: query.page_no,
    page_size: query.page_size,
    total,
    limited,
    keyword: query.keyword,
    stats: found.stats,
  };
}
