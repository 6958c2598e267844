/**
 * The offline index keeps no second copy of the texts: queries that must read a reel's text and
 * segments built again read it from the library (workers/search/doc-texts.ts), never before a pack
 * install has written it. An index saved by an earlier version, with its copy of the texts, loses
 * the copy and keeps answering.
 */
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../contract/search.ts";
import { openLibrary, SEARCH_INDEX_DB } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { buildPackIndex } from "../../workers/search/pack-index.ts";
import { syntheticReelRow, syntheticSutraRow } from "./synthetic-reel-rows.ts";

const LINES = [
  "如是我聞一時佛在舍衛國祇樹給孤獨園",
  "與大比丘衆千二百五十人俱皆是大阿羅漢",
  "爾時世尊食時著衣持鉢入舍衛大城乞食",
  "於其城中次第乞已還至本處飯食訖收衣鉢",
];

/** Sutra `n`'s one reel: the lines turned by `n`, so each reel differs. */
const reelOf = (n: number) =>
  syntheticReelRow(
    n,
    1,
    "std_txt",
    LINES.map((line) => line.slice(n % line.length) + line.slice(0, n % line.length)),
  );

const QUERIES: SearchRequest[] = [
  { keyword: "舍衛", search_mode: "exact", trans_mode: "none" },
  { keyword: "世尊食時", search_mode: "exact", trans_mode: "none" },
  { keyword: "比丘", search_mode: "fuzzy" },
  { keyword: "如是 乞食", search_mode: "fuzzy" },
];

async function answers(engine: SearchEngine) {
  const scope = { tripitakaUid: "TS", groups: [] };
  return Promise.all(QUERIES.map((request) => engine.search(scope, request)));
}

async function storeNames(idb: IDBFactory, name: string): Promise<string[]> {
  const db = new Dexie(name, { indexedDB: idb, IDBKeyRange });
  await db.open();
  const names = db.tables.map((table) => table.name).sort();
  db.close();
  return names;
}

async function deviceWith(sutras: readonly number[]) {
  const idb = new IDBFactory();
  const library = await openLibrary({ indexedDB: idb, IDBKeyRange });
  await library.reelTexts.bulkPut(sutras.map(reelOf));
  await library.sutras.bulkPut(sutras.map((n) => syntheticSutraRow(n, 1, 72)));
  const engine = createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now: () => 1 });
  return { idb, library, engine };
}

describe("the offline index's texts", () => {
  it("are read from the library, also when a segment is built again", async () => {
    const all = Array.from({ length: 12 }, (_, i) => i + 1);
    const kept = all.filter((n) => n % 3 === 0);
    const device = await deviceWith(all);
    expect((await device.engine.sync(null)).reels).toBe(all.length);
    expect(await storeNames(device.idb, SEARCH_INDEX_DB)).toEqual(["docs", "meta", "postings", "segments"]);

    // Most of the segment's reels leave: it is built again from the texts of those that stay.
    await device.library.reelTexts.bulkDelete(
      all.filter((n) => !kept.includes(n)).map((n) => [`TS${String(n).padStart(4, "0")}_1`, "std_txt"]),
    );
    const synced = await device.engine.sync(null);
    expect(synced.reels).toBe(kept.length);
    expect(synced.work.segmentsBuilt).toBeGreaterThan(1);

    const fresh = await deviceWith(kept);
    await fresh.engine.sync(null);
    const expected = await answers(fresh.engine);
    expect(expected.every((answer) => answer.ok && answer.result.total > 0)).toBe(true);
    expect(await answers(device.engine)).toEqual(expected);
    await Promise.all([device.engine.close(), fresh.engine.close()]);
  });

  it("never make a segment without a reel whose library row a pack install has not written yet", async () => {
    const device = await deviceWith([]);
    // Thirteen small segments, one sync each: past twelve, the sync merges the two smallest.
    for (let n = 1; n <= 13; n++) {
      await device.library.reelTexts.put(reelOf(n));
      await device.library.sutras.put(syntheticSutraRow(n, 1, 72));
      await device.engine.sync(null);
    }
    // A pack's reel, shorter than any: its segment is the smallest once merged in.
    const late = syntheticReelRow(14, 1, "std_txt", LINES.slice(0, 2));
    const packed = buildPackIndex([[late]], { hash: "", pairs: [] });
    const docs = packed.docs.map((doc) => ({ ...doc, forms: { std_txt: late.stored_at } }));
    await device.engine.adoptPackIndex({ ...packed, docs });
    await device.library.reelTexts.put(late);
    await device.library.sutras.put(syntheticSutraRow(14, 1, 36));
    const synced = await device.engine.sync(null);
    expect(synced.reels).toBe(14);

    const fresh = await deviceWith([]);
    await fresh.library.reelTexts.bulkPut([...Array.from({ length: 13 }, (_, i) => reelOf(i + 1)), late]);
    await fresh.library.sutras.bulkPut([
      ...Array.from({ length: 13 }, (_, i) => syntheticSutraRow(i + 1, 1, 72)),
      syntheticSutraRow(14, 1, 36),
    ]);
    await fresh.engine.sync(null);
    expect(await answers(device.engine)).toEqual(await answers(fresh.engine));
    await Promise.all([device.engine.close(), fresh.engine.close()]);
  });

  it("lose the copy an earlier version kept, and the index answers as before", async () => {
    const idb = new IDBFactory();
    const earlier = new Dexie(SEARCH_INDEX_DB, { indexedDB: idb, IDBKeyRange });
    earlier.version(1).stores({
      meta: "key",
      docs: "reel_uid, id, tripitaka_uid, segment",
      texts: "[reel_uid+kind], kind",
      segments: "id",
    });
    earlier.version(2).stores({ postings: "[buckets+bucket+segment], segment" });
    await earlier.open();
    await earlier.table("texts").put({ reel_uid: "TS0001_1", kind: "std_txt", text: LINES.join("") });
    earlier.close();

    const library = await openLibrary({ indexedDB: idb, IDBKeyRange });
    await library.reelTexts.bulkPut([1, 2, 3].map(reelOf));
    await library.sutras.bulkPut([1, 2, 3].map((n) => syntheticSutraRow(n, 1, 72)));
    const engine = createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now: () => 1 });
    expect((await engine.sync(null)).reels).toBe(3);
    expect(await storeNames(idb, SEARCH_INDEX_DB)).not.toContain("texts");
    const found = await answers(engine);
    expect(found.every((answer) => answer.ok && answer.result.total > 0)).toBe(true);
    await engine.close();
  });
});
