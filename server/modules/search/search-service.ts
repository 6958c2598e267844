/**
 * A full-canon search: the keyword read into terms, each term counted per reel by the index, the
 * reels holding every term filtered, counted into statistics, sorted and paged, and the page's
 * reels given snippets from their stored text.
 */
import { type Kysely, sql } from "kysely";
import type { HitStats, SearchItem, SearchQuery, SearchResult, Snippet } from "../../../contract/search.ts";
import type { KeywordPlan } from "../../../contract/search-keyword.ts";
import { SEARCH_RESULT_LIMIT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import { buildSnippets, LINE_BREAK, type ReelText } from "../../../contract/search-snippets.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { CatalogueCache, SearchCatalogue } from "./catalogue.ts";
import type { IdRange } from "./index-writer.ts";
import { lookupOf } from "./query-plan.ts";
import type { SearchReadings } from "./readings.ts";
import { filterMatches, type GroupScope, type Match, sortMatches } from "./results.ts";
import type { SearchIndex } from "./search-index.ts";

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
  const filtered = filterMatches(
    all,
    {
      sutraUids: query.sutra_uids,
      categories: query.categories,
      dynasties: query.dynasties,
      authors: query.authors,
      sutraGroupNames: query.sutra_group_names,
    },
    catalogue,
    groups,
  );
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

/**
 * The stored text of reels in one text type, lines joined by LINE_BREAK, with their line ids; with
 * `lines`, only the reels' first lines.
 */
async function reelTexts(
  db: Kysely<Database>,
  dialect: Dialect,
  reelUids: string[],
  txtType: SearchQuery["txt_type"],
  lines: number | null,
): Promise<Map<string, ReelText>> {
  if (reelUids.length === 0) return new Map();
  const column = sql.ref(txtType);
  const uids = sql.join(reelUids);
  const first = lines === null ? sql`` : sql` AND reel_seq <= ${lines}`;
  // SQLite: the aggregate reads the lines in the subquery's order (cheaper than ordering inside it).
  const rows =
    dialect === "sqlite"
      ? await sql<{ reel_uid: string; text: string; cids: string }>`
          SELECT reel_uid, group_concat(txt, ${LINE_BREAK}) AS text, group_concat(cid, ',') AS cids
          FROM (SELECT reel_uid, ${column} AS txt, page_uid || '.' || line_no AS cid FROM line
                WHERE reel_uid IN (${uids})${first} ORDER BY reel_uid, reel_seq)
          GROUP BY reel_uid`.execute(db)
      : await sql<{ reel_uid: string; text: string; cids: string }>`
          SELECT reel_uid, string_agg(${column}, ${LINE_BREAK} ORDER BY reel_seq) AS text,
                 string_agg(page_uid || '.' || line_no::text, ',' ORDER BY reel_seq) AS cids
          FROM line WHERE reel_uid IN (${uids})${first} GROUP BY reel_uid`.execute(db);
  return new Map(rows.rows.map((r) => [r.reel_uid, { text: r.text, cids: r.cids.split(",") }]));
}

/** Lines read first for snippets; most reels of a common keyword need no more. */
const FIRST_LINES = 150;
/** Room left after the last snippet of a partly read reel, so no hit it holds can be cut off. */
const SETTLED_MARGIN = 200;

async function snippetsOf(deps: SearchDeps, page: Match[], query: SearchQuery, found: Searched) {
  const { plan } = found;
  const { folding } = found.readings;
  const out = new Map<string, Snippet[]>();
  // Reels whose first lines likely hold enough hits are read in part first, the others whole.
  const dense = page.filter(
    (m) => (m.hits * FIRST_LINES) / Math.max(1, m.reel.lineCount) >= 2 * SNIPPETS_PER_REEL,
  );
  const reelUids = dense.map((m) => m.reel.reelUid);
  const partial = await reelTexts(deps.db(), deps.dialect, reelUids, query.txt_type, FIRST_LINES);
  const rest = page.filter((m) => !dense.includes(m)).map((m) => m.reel.reelUid);
  for (const uid of reelUids) {
    const reel = partial.get(uid) ?? { text: "", cids: [] };
    const built = buildSnippets(reel, plan, folding);
    const whole = reel.cids.length < FIRST_LINES;
    const settled =
      built.snippets.length === SNIPPETS_PER_REEL && built.end + SETTLED_MARGIN <= reel.text.length;
    if (whole || settled) out.set(uid, built.snippets);
    else rest.push(uid);
  }
  const full = await reelTexts(deps.db(), deps.dialect, rest, query.txt_type, null);
  for (const uid of rest)
    out.set(uid, buildSnippets(full.get(uid) ?? { text: "", cids: [] }, plan, folding).snippets);
  return out;
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
