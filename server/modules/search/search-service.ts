/**
 * A full-canon search: the keyword read into terms, each term counted per reel by the index, the
 * reels holding every term filtered, counted into statistics, sorted and paged, and the page's
 * reels given snippets from their stored text.
 */
import { type Kysely, sql } from "kysely";
import type { HitStats, SearchItem, SearchQuery, SearchResult, Snippet } from "../../../contract/search.ts";
import type { KeywordPlan } from "../../../contract/search-keyword.ts";
import { SEARCH_RESULT_LIMIT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import {
  type Match as CatalogueMatch,
  filterMatches,
  type GroupScope,
  sortMatches,
} from "../../../contract/search-results.ts";
import { buildSnippets, LINE_BREAK } from "../../../contract/search-snippets.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { CatalogueCache, ReelEntry, SearchCatalogue, SutraEntry } from "./catalogue.ts";
import type { IdRange } from "./index-writer.ts";
import { lookupOf } from "./query-plan.ts";
import type { SearchReadings } from "./readings.ts";
import type { SearchIndex } from "./search-index.ts";

type Match = CatalogueMatch<ReelEntry, SutraEntry>;

export type SearchDeps = {
  db: () => Kysely<Database>;
  dialect: Dialect;
  index: () => SearchIndex;
  catalogue: CatalogueCache;
  readings: () => Promise<SearchReadings>;
};

/** Hits per reel id of every term; a reel missing a term is left out. */
async function countHits(
  index: SearchIndex,
  plan: KeywordPlan,
  readings: SearchReadings,
  range: IdRange,
): Promise<Map<number, number>> {
  let total: Map<number, number> | null = null;
  for (const term of plan.terms) {
    const lookup = await lookupOf(index, term, plan.mode, plan.txtType, readings);
    const counts = await index.count(lookup.column, lookup.phrases, range);
    if (total === null) total = counts;
    else {
      const previous: Map<number, number> = total;
      total = new Map();
      for (const [id, n] of previous) {
        const more = counts.get(id);
        if (more !== undefined) total.set(id, n + more);
      }
    }
    if (total.size === 0) break;
  }
  return total ?? new Map();
}

type Searched = {
  plan: KeywordPlan;
  matches: Match[];
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
  const hits =
    catalogue.range && plan.terms.length > 0
      ? await countHits(deps.index(), plan, readings, catalogue.range)
      : new Map<number, number>();
  const all: Match[] = [];
  for (const [id, n] of hits) {
    const reel = catalogue.reels.get(id);
    const sutra = reel && catalogue.sutras.get(reel.sutraUid);
    if (reel && sutra) all.push({ reel, sutra, hits: n });
  }
  const filtered = filterMatches(all, query, catalogue, groups);
  return { plan, matches: filtered.matches, stats: filtered.stats, readings, catalogue };
}

export async function matchCount(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<HitStats> {
  return (await search(deps, tripitakaUid, query, groups)).stats;
}

/** Which lines of a reel to read: those after its first `after`, up to line `lines` or the end (null). */
type LinesWanted = { reelUid: string; after: number; lines: number | null };

/** The most lines a reel may hold: a read of this many takes them all. */
const ALL_LINES = 2_147_483_647;

/**
 * The stored text of reels in one text type, lines joined by LINE_BREAK; of each reel the lines
 * `wanted` says. Line ids are not read: the snippets ask for theirs (cidsOf).
 */
async function reelTexts(
  db: Kysely<Database>,
  dialect: Dialect,
  wanted: LinesWanted[],
  txtType: SearchQuery["txt_type"],
): Promise<Map<string, string>> {
  const column = sql.ref(txtType);
  // One read of the (reel_uid, reel_seq) index per reel; SQLite's aggregate takes the lines in the
  // index's order, so nothing is sorted. PostgreSQL runs the reads side by side on its pool.
  const joined =
    dialect === "sqlite"
      ? sql<string>`group_concat(${column}, ${LINE_BREAK})`
      : sql<string>`string_agg(${column}, ${LINE_BREAK} ORDER BY reel_seq)`;
  const rows = await Promise.all(
    wanted.map((w) =>
      sql<{ text: string | null }>`
        SELECT ${joined} AS text FROM line
        WHERE reel_uid = ${w.reelUid} AND reel_seq > ${w.after} AND reel_seq <= ${w.lines ?? ALL_LINES}`.execute(
        db,
      ),
    ),
  );
  return new Map(wanted.map((w, i) => [w.reelUid, rows[i]?.rows[0]?.text ?? ""]));
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

/** The fewest lines read first of a reel. */
const MIN_FIRST_LINES = 40;
/** Room left after the last snippet of a partly read reel, so no hit it holds can be cut off. */
const SETTLED_MARGIN = 200;

/**
 * The lines read first of a reel: enough, were its hits spread evenly, to hold twice the snippets
 * shown; the whole reel (null) when that is most of it.
 */
function firstRead(match: Match): number | null {
  const lineCount = Math.max(1, match.reel.lineCount);
  const lines = Math.max(MIN_FIRST_LINES, Math.ceil((2 * SNIPPETS_PER_REEL * lineCount) / match.hits));
  return lines * 2 >= lineCount ? null : lines;
}

/**
 * The page's snippets: each reel's first lines are read (as many as its hit density suggests),
 * a reel whose snippets those lines do not settle is then read to its end, and the snippets' line
 * ids are read last, for their lines alone.
 */
async function snippetsOf(deps: SearchDeps, page: Match[], query: SearchQuery, found: Searched) {
  const { plan } = found;
  const { folding } = found.readings;
  const built = new Map<string, ReturnType<typeof buildSnippets>>();
  const wanted = page.map((m) => ({ reelUid: m.reel.reelUid, after: 0, lines: firstRead(m) }));
  const first = await reelTexts(deps.db(), deps.dialect, wanted, query.txt_type);
  const rest: LinesWanted[] = [];
  for (const { reelUid, lines } of wanted) {
    const text = first.get(reelUid) ?? "";
    const made = buildSnippets({ text, cids: [] }, plan, folding);
    const whole = lines === null || countLines(text) < lines;
    const settled = made.snippets.length === SNIPPETS_PER_REEL && made.end + SETTLED_MARGIN <= text.length;
    if (whole || settled) built.set(reelUid, made);
    else rest.push({ reelUid, after: lines, lines: null });
  }
  const more = await reelTexts(deps.db(), deps.dialect, rest, query.txt_type);
  for (const { reelUid } of rest) {
    const text = [first.get(reelUid) ?? "", more.get(reelUid) ?? ""].filter((part) => part !== "");
    built.set(reelUid, buildSnippets({ text: text.join(LINE_BREAK), cids: [] }, plan, folding));
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

/** Lines in a reel's text (joined by LINE_BREAK); none in an empty one. */
function countLines(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let i = text.indexOf(LINE_BREAK); i >= 0; i = text.indexOf(LINE_BREAK, i + 1)) lines++;
  return lines;
}

/**
 * One page of the sorted matches, of which only the first `limit` are shown: `total` counts the
 * shown ones and `limited` says more were found (the screen then gives the limit, not the count).
 */
export function pageWithinLimit<T>(
  sorted: readonly T[],
  pageNo: number,
  pageSize: number,
  limit: number = SEARCH_RESULT_LIMIT,
): { page: T[]; total: number; limited: boolean } {
  const total = Math.min(sorted.length, limit);
  const start = (pageNo - 1) * pageSize;
  const page = sorted.slice(Math.min(start, total), Math.min(start + pageSize, total));
  return { page, total, limited: sorted.length > total };
}

export async function searchPage(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<SearchResult> {
  const found = await search(deps, tripitakaUid, query, groups);
  const sorted = sortMatches(found.matches, query.sort_by);
  const { page, total, limited } = pageWithinLimit(sorted, query.page_no, query.page_size);
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
