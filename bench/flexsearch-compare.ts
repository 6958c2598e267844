/**
 * FlexSearch 0.8 with its persistent IndexedDB storage (`index.mount(db)`), over the same reels and
 * queries as the offline index, in the bench's worker: what the offline search would cost were it
 * built on FlexSearch. Each reel's std_txt searchable text is added as one document, CJK charset
 * (a term per char), context depth 1 (a char's next char, for phrases). A FlexSearch answer is a
 * list of reel ids, ranked; the product's answers need each reel's number of hits, so a query is
 * timed twice: FlexSearch alone, and with its candidates' texts read from the library and counted,
 * which is what an answer with counts would take. Candidates are compared with a scan of the texts.
 */
import "./flexsearch-window.ts";
import { Charset, Index, IndexedDB } from "flexsearch";
import { reelOfRow } from "../contract/offline-library.ts";
import { openLibrary } from "../workers/search/databases.ts";
import { searchTextOf } from "../workers/search/texts.ts";
import type { BenchQuery } from "./search-queries.ts";

const DB_NAME = "flexsearch-bench";

export type FlexQueryTiming = BenchQuery & {
  /** Reels FlexSearch named, reels holding the keyword by a scan, and how many of those it named. */
  candidates: number;
  holding: number;
  named: number;
  /** Hits counted in the candidates' texts. */
  hits: number;
  searchMs: number[];
  countedMs: number[];
};

export type FlexComparison = {
  reels: number;
  chars: number;
  buildMs: number;
  storedBytes: number;
  restartFirstMs: number;
  queries: FlexQueryTiming[];
};

type Idb = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

async function usage(): Promise<number> {
  const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number };
  };
  return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
}

const newIndex = () =>
  new Index({ encoder: Charset.CJK, context: { depth: 1, bidirectional: false, resolution: 3 } });

function countIn(text: string, keyword: string): number {
  let n = 0;
  for (let at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + 1)) n++;
  return n;
}

export async function compareFlexSearch(
  idb: Idb,
  picked: readonly BenchQuery[],
  options: { reps: number; tripitakaUid: string },
): Promise<FlexComparison> {
  const library = await openLibrary(idb);
  const uids: string[] = [];
  await library.reelTexts.each((row) => {
    if (row.txt_type === "std_txt" && row.tripitaka_uid === options.tripitakaUid) uids.push(row.reel_uid);
  });

  const before = await usage();
  const started = performance.now();
  const index = newIndex();
  const db = new IndexedDB(DB_NAME);
  await index.mount(db);
  let chars = 0;
  for (let i = 0; i < uids.length; i += 32) {
    const rows = await library.reelTexts.bulkGet(
      uids.slice(i, i + 32).map((uid): [string, "std_txt"] => [uid, "std_txt"]),
    );
    for (const [at, row] of rows.entries()) {
      if (!row) continue;
      const text = searchTextOf({ reel: await reelOfRow(row) });
      chars += text.length;
      index.add(i + at, text);
    }
    await index.commit();
  }
  const buildMs = performance.now() - started;
  const storedBytes = (await usage()) - before;

  const textOf = async (ids: readonly number[]) => {
    const rows = await library.reelTexts.bulkGet(
      ids.map((id): [string, "std_txt"] => [uids[id] ?? "", "std_txt"]),
    );
    return Promise.all(rows.map(async (row) => (row ? searchTextOf({ reel: await reelOfRow(row) }) : "")));
  };
  const queries: FlexQueryTiming[] = [];
  for (const query of picked) {
    const searchMs: number[] = [];
    const countedMs: number[] = [];
    let ids: number[] = [];
    let hits = 0;
    for (let rep = 0; rep <= options.reps; rep++) {
      const t0 = performance.now();
      ids = (await index.search(query.text, { limit: uids.length })) as number[];
      const t1 = performance.now();
      hits = 0;
      for (let i = 0; i < ids.length; i += 64)
        for (const text of await textOf(ids.slice(i, i + 64))) hits += countIn(text, query.text);
      const t2 = performance.now();
      if (rep > 0) {
        searchMs.push(t1 - t0);
        countedMs.push(t2 - t0);
      }
    }
    const named = new Set(ids);
    let holding = 0;
    let namedHolding = 0;
    for (let i = 0; i < uids.length; i += 64) {
      const batch = Array.from({ length: Math.min(64, uids.length - i) }, (_, k) => i + k);
      const texts = await textOf(batch);
      texts.forEach((text, k) => {
        if (!text.includes(query.text)) return;
        holding++;
        if (named.has(batch[k] as number)) namedHolding++;
      });
    }
    queries.push({
      ...query,
      candidates: ids.length,
      holding,
      named: namedHolding,
      hits,
      searchMs,
      countedMs,
    });
  }

  // A restart: a new index mounted on the saved one, and its first answer.
  const restartStarted = performance.now();
  const again = newIndex();
  await again.mount(new IndexedDB(DB_NAME));
  await again.search(picked[0]?.text ?? "佛", { limit: 20 });
  const restartFirstMs = performance.now() - restartStarted;
  library.close();
  return { reels: uids.length, chars, buildMs, storedBytes, restartFirstMs, queries };
}
