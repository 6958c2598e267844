/**
 * The offline search worker's hit counts, read from its index alone, against a plain scan of the
 * reels' texts: exact and fuzzy keywords of one to several chars over reels whose traditional text
 * mixes the chars of one folding class (說 and 説, 萨 and 薩), repeats chars (overlapping hits),
 * holds chars beyond the BMP, and does or does not fold to the folded text char for char.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { beforeAll, describe, expect, it } from "vitest";
import type { Sutra } from "../../contract/canon.ts";
import type { StoredSutra } from "../../contract/offline-library.ts";
import type { SearchQuery } from "../../contract/search.ts";
import { createKeywordReader } from "../../contract/search-keyword.ts";
import { createSearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { openLibrary } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { countIn } from "../../workers/search/query.ts";
import { syntheticReelRow } from "./synthetic-reel-rows.ts";

/** Each reel's std_txt and, for some, sim_txt (not always a char-for-char conversion of it). */
const REELS: [string, string | null][] = [
  ["如是我聞一時佛說法說説說萨薩菩薩", null],
  ["佛佛佛說説法法法𠀀𠀀𠀀如是", "佛佛佛说说法法法𠀀𠀀𠀀如是"],
  ["菩薩摩訶薩說是經已菩萨摩诃萨", "菩萨摩诃萨说是经已菩萨"],
  ["無無無無說是說是說是", "无无无无说是说是说是"],
  ["世尊說法如是如是", null],
];
const KEYWORDS = [
  "佛",
  "說",
  "説",
  "佛說",
  "說説",
  "説說",
  "萨薩菩",
  "薩",
  "萨",
  "菩薩",
  "如是",
  "說是",
  "說是說",
  "法法",
  "佛佛",
  "𠀀𠀀",
  "無無無",
  "摩訶薩",
];
const folding = createSearchFolding([]);

const row = (i: number, form: TxtType, text: string) => syntheticReelRow(i, 1, form, [text]);

function sutraRow(i: number): StoredSutra {
  const uid = `TS000${i}`;
  const sutra: Sutra = {
    uid,
    name: `经${i}|經${i}`,
    authors: [],
    dynasties: [],
    categories: [],
    actual_reel_cnt: 1,
    char_cnt: 1,
    reel_uids: [[`${uid}_1`, `卷${i}`]],
    dynasty_author: "",
    start_year: null,
    end_year: null,
    years: "",
    last_updated_time: 1,
  };
  return { uid, tripitaka_uid: "TS", sutra, stored_at: 1 };
}

/** Hits per reel by a scan: the keyword in the reel's text of `form`, or folded in its folded text. */
function scanned(query: SearchQuery): Map<string, number> {
  const read = createKeywordReader(folding)(query);
  const out = new Map<string, number>();
  REELS.forEach(([std, sim], i) => {
    const uid = `TS000${i}_1`;
    const own = query.txt_type === "sim_txt" && sim !== null ? sim : std;
    const folded = folding.fold(Array.from(sim ?? std)).join("");
    let total = 0;
    for (const term of read.terms) {
      const n = term.folded ? countIn(folded, term.folded.join("")) : countIn(own, term.chars.join(""));
      if (n === 0) {
        total = 0;
        break;
      }
      total += n;
    }
    if (total > 0) out.set(uid, total);
  });
  return out;
}

describe("hit counts read from the index", () => {
  let engine: SearchEngine;

  beforeAll(async () => {
    const idb = new IDBFactory();
    const library = await openLibrary({ indexedDB: idb, IDBKeyRange });
    await library.reelTexts.bulkPut(
      REELS.flatMap(([std, sim], i) => [row(i, "std_txt", std), ...(sim ? [row(i, "sim_txt", sim)] : [])]),
    );
    await library.sutras.bulkPut(REELS.map((_, i) => sutraRow(i)));
    library.close();
    engine = createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now: () => 1 });
    await engine.sync({ hash: "none", pairs: [] });
  });

  const queries = KEYWORDS.flatMap((keyword) =>
    (["std_txt", "sim_txt"] as const).flatMap((txt_type) =>
      (["exact", "fuzzy"] as const).map(
        (search_mode): SearchQuery => ({
          keyword,
          search_mode,
          txt_type,
          trans_mode: "none",
          page_no: 1,
          page_size: 20,
          sort_by: "-hit",
          in_readings: false,
          categories: undefined,
          sutra_uids: undefined,
          sutra_group_names: undefined,
          authors: undefined,
          dynasties: undefined,
        }),
      ),
    ),
  );

  it.each(queries.map((q) => [`${q.keyword} ${q.search_mode} ${q.txt_type}`, q] as const))(
    "counts %s as a scan of the texts does",
    async (_, query) => {
      expect(await engineHits(engine, query)).toEqual(scanned(query));
    },
  );

  it("finds something for most keywords", async () => {
    const some = await Promise.all(queries.map(async (q) => (await engineHits(engine, q)).size > 0));
    expect(some.filter(Boolean).length).toBeGreaterThan(queries.length / 2);
  });
});

/** The engine's hits per reel for a query (its search, every reel on one page). */
async function engineHits(engine: SearchEngine, query: SearchQuery): Promise<Map<string, number>> {
  const answer = await engine.search({ tripitakaUid: "TS", groups: [] }, { ...query, page_size: 100 });
  if (!answer.ok) throw new Error(answer.message);
  return new Map(answer.result.list.map((item) => [item.reel_uid, item.keyword_count]));
}
