/**
 * The search worker taking in a pack's index (workers/search/pack-merge.ts) over the starter
 * canon's TS reels, read from the real server into a library on fake-indexeddb: the pack's
 * segments keep their posting rows with the ids moved past the index's own, a segment with reels indexed
 * already is built again, a pack folded otherwise is left to the sync, and the index of some reels
 * exported and merged on another device answers as the index it came from.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reel, Sutra } from "../../contract/canon.ts";
import type { OfflinePlan } from "../../contract/offline.ts";
import { packedReelText, type StoredSutra, type UnpackedReelText } from "../../contract/offline-library.ts";
import type { SearchRequest } from "../../contract/search.ts";
import { createSearchFolding } from "../../contract/search-tokenizer.ts";
import type { VariantData } from "../../workers/search/api.ts";
import { openLibrary } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { buildPackIndex, type PackIndex } from "../../workers/search/pack-index.ts";
import { renumberSegment } from "../../workers/search/pack-merge.ts";
import { renumberRow, shiftRow } from "../../workers/search/posting-rows.ts";
import {
  addToSegment,
  createSegment,
  exportSegment,
  importSegment,
  phraseTerms,
  searchSegment,
  segmentRows,
} from "../../workers/search/segments.ts";
import { foldText } from "../../workers/search/texts.ts";
import { type CanonServer, reelTextRow, startCanonServer, sutraRow } from "./offline-reading-rows.ts";
import { variantsOf } from "./pack-install-fixture.ts";

const SUTRAS = ["TS0251", "TS0262", "TS0366"];
const QUERIES: SearchRequest[] = [
  { keyword: "菩薩", search_mode: "exact" },
  { keyword: "菩萨", search_mode: "fuzzy", txt_type: "sim_txt" },
  { keyword: "如是我聞", search_mode: "exact" },
  { keyword: "世尊 說", search_mode: "fuzzy", sort_by: "hit" },
];
const scope = { tripitakaUid: "TS", groups: [] };

let server: CanonServer;
let variants: VariantData;
/** Each reel's library rows (std_txt and sim_txt), by reel uid in catalogue order. */
let reels: Map<string, UnpackedReelText[]>;
/** The sutras' catalogue rows, which the search reads names and order from. */
let sutras: StoredSutra[];
let full: { engine: SearchEngine };

async function device(rows: Iterable<UnpackedReelText[]>, storeName?: string) {
  const idb = new IDBFactory();
  const library = await openLibrary({ indexedDB: idb, IDBKeyRange });
  await library.sutras.bulkPut(sutras);
  await library.reelTexts.bulkPut(
    await Promise.all([...rows].flat().map((row) => packedReelText(row, row.stored_at))),
  );
  const engine = createSearchEngine({
    idb: { indexedDB: idb, IDBKeyRange },
    now: () => Date.now(),
    storeName,
  });
  return { idb, library, engine };
}

/** The pack index of `uids` with `forms` set to the rows' stored_at, as the installer sets them. */
function packIndexOf(uids: readonly string[], folding: VariantData = variants): PackIndex {
  const index = buildPackIndex(
    uids.map((uid) => reels.get(uid) ?? []),
    folding,
  );
  return {
    ...index,
    docs: index.docs.map((doc) => ({
      ...doc,
      forms: Object.fromEntries((reels.get(doc.reel_uid) ?? []).map((row) => [row.txt_type, row.stored_at])),
    })),
  };
}

async function expectSameAnswers(engine: SearchEngine, requests = QUERIES): Promise<void> {
  for (const request of requests) {
    const expected = await full.engine.search(scope, request);
    expect(expected.ok && expected.result.total).toBeGreaterThan(0);
    expect(await engine.search(scope, request)).toEqual(expected);
  }
}

beforeAll(async () => {
  server = await startCanonServer();
  variants = await variantsOf(server);
  reels = new Map();
  const listed = await server.result<{ list: Sutra[] }>("POST", "/v1/tripitaka/TS/sutra/list", {
    body: { sutra_uids: SUTRAS, page_size: 100 },
  });
  sutras = listed.list.map((sutra) => sutraRow(sutra, "TS"));
  expect(sutras).toHaveLength(SUTRAS.length);
  for (const sutra of SUTRAS) {
    const plan = await server.result<OfflinePlan>("POST", "/v1/tripitaka/TS/offline/plan", {
      body: { scope: { kind: "sutra", sutra_uid: sutra }, txt_types: ["std_txt"], with_pages: false },
    });
    const answer = await server.result<Reel[]>("POST", "/v1/offline/reels", {
      body: { reel_uids: plan.reels.map((r) => r.uid), txt_types: ["std_txt", "sim_txt"] },
    });
    for (const reel of answer) {
      const rows = reels.get(reel.reel_uid) ?? [];
      rows.push(reelTextRow(reel, "TS"));
      reels.set(reel.reel_uid, rows);
    }
  }
  // TS0251 and TS0366 are one reel each, TS0262 seven.
  expect(reels.size).toBe(9);
  full = await device(reels.values());
  expect((await full.engine.sync(variants)).reels).toBe(reels.size);
}, 240_000);

afterAll(async () => {
  await full?.engine.close();
  await server?.close();
});

describe("a saved segment with its ids moved", () => {
  it("finds the same reels under the new ids, and gives up on an id it was not told", () => {
    const folding = createSearchFolding(variants.pairs);
    const segment = createSegment(1);
    const uids = [...reels.keys()].slice(0, 3);
    uids.forEach((uid, at) => {
      const text = (reels.get(uid)?.[0]?.reel.pages ?? [])
        .flatMap((p) => p.lines.map((l) => l.text))
        .join("");
      addToSegment(segment, at + 1, foldText(text, folding), text.length);
    });
    const terms = phraseTerms(Array.from(foldText("菩薩", folding)));
    const before = searchSegment(segment, terms);
    expect(before.length).toBeGreaterThan(0);
    const ids = new Map([
      [1, 501],
      [2, 502],
      [3, 503],
    ]);
    const moved = renumberSegment(exportSegment(segment), 9, ids);
    if (!moved) throw new Error("not renumbered");
    expect(moved).toMatchObject({ id: 9, doc_ids: [501, 502, 503], chars: segment.chars });
    const loaded = importSegment(moved);
    expect(searchSegment(loaded, terms).sort()).toEqual(before.map((id) => ids.get(id)).sort());
    expect(renumberSegment(exportSegment(segment), 9, new Map([[1, 501]]))).toBeNull();
  });
});

describe("a posting row with every id moved alike", () => {
  it("is the row renumbered id by id, whatever the size of the moved first gaps", () => {
    const folding = createSearchFolding(variants.pairs);
    const segment = createSegment(1);
    [...reels.keys()].slice(0, 5).forEach((uid, at) => {
      const text = (reels.get(uid)?.[0]?.reel.pages ?? [])
        .flatMap((p) => p.lines.map((l) => l.text))
        .join("");
      addToSegment(segment, at + 1, foldText(text, folding), text.length);
    });
    const rows = [...segmentRows(segment)];
    expect(rows.length).toBeGreaterThan(0);
    for (const delta of [0, 1, 122, 123, 20_000]) {
      for (const row of rows) {
        const shifted = shiftRow(row.data, delta);
        expect(shifted).toEqual(renumberRow(row.data, (doc) => doc + delta, true));
        expect(shifted.byteLength).toBe(shifted.buffer.byteLength);
      }
    }
  });
});

describe("a pack's index merged into an index", () => {
  it.each([
    ["of reels none of which is indexed: its segment kept", false],
    ["with reels indexed already: its other reels left to the sync", true],
  ])("%s", async (_what, overlapping) => {
    const uids = [...reels.keys()];
    const first = uids.slice(0, 4);
    // The index starts with the first four reels; the library then receives the rest.
    const e = await device(
      first.map((uid) => reels.get(uid) ?? []),
      "canon-search-merge",
    );
    await e.engine.sync(variants);
    await e.library.reelTexts.bulkPut(uids.slice(4).flatMap((uid) => reels.get(uid) ?? []));
    const packed = packIndexOf(overlapping ? uids.slice(2) : uids.slice(4));
    expect(packed.segments).toHaveLength(1);
    const before = await e.engine.status();
    const merged = await e.engine.adoptPackIndex(packed);
    // A segment is taken whole or not at all: the reels of one that is not are indexed from the library.
    expect(merged.reels).toBe(overlapping ? first.length : uids.length);
    expect(merged.work.indexed).toBe(4);
    expect(merged.work.segmentsBuilt - before.work.segmentsBuilt).toBe(0);
    const synced = await e.engine.sync(variants);
    expect(synced.reels).toBe(uids.length);
    expect(synced.work).toMatchObject({ indexed: overlapping ? uids.length : 4, dropped: 0 });
    await expectSameAnswers(e.engine);

    // Loaded again from what was saved, it answers the same.
    await e.engine.close();
    const again = createSearchEngine({
      idb: { indexedDB: e.idb, IDBKeyRange },
      now: () => Date.now(),
      storeName: "canon-search-merge",
    });
    expect((await again.status()).reels).toBe(uids.length);
    await expectSameAnswers(again);
    expect((await again.sync(variants)).work.indexed).toBe(0);
    await again.close();
  });

  it("leaves a pack folded otherwise to the next sync, and takes its folding into an empty index", async () => {
    const uids = [...reels.keys()];
    const other: VariantData = { hash: "another-folding", pairs: [["菩", "普"]] };
    const e = await device(uids.slice(0, 2).map((uid) => reels.get(uid) ?? []));
    await e.engine.sync(variants);
    await e.library.reelTexts.bulkPut(uids.slice(2).flatMap((uid) => reels.get(uid) ?? []));
    const refused = await e.engine.adoptPackIndex(packIndexOf(uids.slice(2), other));
    expect(refused.reels).toBe(2);
    expect((await e.engine.sync()).work.indexed).toBe(uids.length);
    await e.engine.close();

    const empty = await device(reels.values());
    const taken = await empty.engine.adoptPackIndex(packIndexOf(uids));
    expect(taken).toMatchObject({ reels: uids.length, variants: variants.hash, work: { indexed: 0 } });
    await expectSameAnswers(empty.engine);
    await empty.engine.close();
  });
});

describe("the index of some reels exported for a pack", () => {
  it.each([
    ["all the reels: the saved segment as it is", () => [...reels.keys()]],
    [
      "one sutra's reels: a segment built of them",
      () => [...reels.keys()].filter((uid) => uid.startsWith("TS0262")),
    ],
  ])("%s, merged on another device, answers as the index it came from", async (_what, chosen) => {
    const uids = chosen();
    const exported = await full.engine.exportPackIndex(uids);
    expect(exported.docs.map((doc) => doc.reel_uid).sort()).toEqual([...uids].sort());
    expect(exported.docs.map((doc) => doc.id).sort((x, y) => x - y)).toEqual(uids.map((_, at) => at + 1));
    expect(exported.docs.every((doc) => Object.values(doc.forms).every((at) => at === 0))).toBe(true);
    expect(new Set(exported.texts.map((text) => text.reel_uid))).toEqual(new Set(uids));
    expect(exported.variants.hash).toBe(variants.hash);

    const z = await device(uids.map((uid) => reels.get(uid) ?? []));
    const fitted: PackIndex = {
      ...exported,
      docs: exported.docs.map((doc) => ({
        ...doc,
        forms: Object.fromEntries(
          (reels.get(doc.reel_uid) ?? []).map((row) => [row.txt_type, row.stored_at]),
        ),
      })),
    };
    const status = await z.engine.adoptPackIndex(fitted);
    expect(status).toMatchObject({ reels: uids.length, work: { indexed: 0 } });
    await expectSameAnswers(
      z.engine,
      QUERIES.map((request) => ({
        ...request,
        sutra_uids: [...new Set(uids.map((uid) => uid.split("_")[0] as string))],
      })),
    );
    expect((await z.engine.sync(variants)).work.indexed).toBe(0);
    await z.engine.close();
  });
});
