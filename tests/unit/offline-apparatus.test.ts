/**
 * A downloaded reel text's collation apparatus (fake-indexeddb): stored in the same write as the
 * reel text, removed when the text comes again without one or its download is deleted, and read
 * by the reader from the library first, with nothing shown rather than an error where it is not.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { OfflinePlan } from "../../contract/offline.ts";
import {
  apparatusOfRow,
  itemKeys,
  type StoredReelText,
  storedBytes,
  storedReelApparatus,
} from "../../contract/offline-library.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import {
  deleteDownload,
  type FetchedRow,
  saveDownload,
  storeRows,
} from "../../src/offline/library/mutations.ts";
import { readApparatus } from "../../src/offline/reading/apparatus.ts";
import { diamondApparatus, diamondLines, testReel } from "./collation-fixture.ts";
import { emptyLibrary, testNetwork } from "./offline-reading-rows.ts";

const { allText: _, ...reel } = testReel(diamondLines);
const bytes = storedBytes(reel);
const key = itemKeys.reelText(reel.reel_uid, reel.txt_type);

const plan: OfflinePlan = {
  tripitaka_uid: "TS",
  canon_version: "0123456789abcdef",
  pack: null,
  scope: { kind: "sutra", sutra_uid: "TS0235" },
  label: "金刚般若波罗蜜经|金剛般若波羅蜜經",
  txt_types: ["std_txt"],
  with_pages: false,
  with_images: false,
  scans_withheld: false,
  sutras: [{ uid: "TS0235", name: "金刚般若波罗蜜经|金剛般若波羅蜜經", reel_uids: ["TS0235_1"] }],
  reels: [{ uid: "TS0235_1", sutra_uid: "TS0235", texts: [{ txt_type: "std_txt", chars: 30, bytes }] }],
  pages: [],
  files: [],
  totals: {
    sutras: 1,
    reels: 1,
    pages: 0,
    files: 0,
    chars: 30,
    text_bytes: bytes,
    page_bytes: 0,
    image_bytes: 0,
    total_bytes: bytes,
  },
};

/** A client that fails every request as a network would: the reader must not need it. */
const nowhere: ApiClient = createApiClient({
  prefixUrl: "http://127.0.0.1:9/v1",
  tokens: { get: () => null, set: () => undefined, clear: () => undefined },
  events: createEmitter<ApiEvents>(),
  timeZone: () => "Asia/Shanghai",
});

function textRow(downloadId: string, apparatus: FetchedRow["apparatus"]): FetchedRow {
  const row: StoredReelText = {
    reel_uid: reel.reel_uid,
    txt_type: reel.txt_type,
    sutra_uid: reel.sutra_uid,
    tripitaka_uid: "TS",
    reel,
    chars: 30,
    bytes,
    stored_at: 1,
  };
  const item = { download_id: downloadId, key, kind: "reel_text" as const, bytes, state: "waiting" as const };
  return { item, kind: "reel_text", row, bytes, apparatus };
}

describe("a reel text's apparatus in the offline library", () => {
  it("is stored with its reel text, replaced with it, and deleted with its download", async () => {
    const db = emptyLibrary();
    const { download } = await saveDownload(db, plan, 1);
    const row = await storedReelApparatus(reel, diamondApparatus, "TS", 2);
    expect(row).not.toBeNull();
    expect(await storeRows(db, download.id, [textRow(download.id, row)], 2)).toBe(true);
    const stored = await db.apparatus.get([reel.reel_uid, reel.txt_type]);
    expect(stored && (await apparatusOfRow(stored))).toEqual(diamondApparatus);
    expect((await db.reelTexts.get([reel.reel_uid, reel.txt_type]))?.reel).toEqual(reel);

    // The text again, now without apparatus: the old row goes.
    await storeRows(db, download.id, [textRow(download.id, null)], 3);
    expect(await db.apparatus.count()).toBe(0);

    await storeRows(db, download.id, [textRow(download.id, row)], 4);
    expect(await db.apparatus.count()).toBe(1);
    await deleteDownload(db, download.id);
    expect(await db.reelTexts.count()).toBe(0);
    expect(await db.apparatus.count()).toBe(0);
  });

  it("is what the reader reads, with no network; a reel without one shows no marks", async () => {
    const db = emptyLibrary();
    const row = await storedReelApparatus(reel, diamondApparatus, "TS", 2);
    if (row) await db.apparatus.put(row);
    const deps = { library: async () => db, network: testNetwork(false) };
    expect(await readApparatus(deps, nowhere, reel.reel_uid, "std_txt")).toEqual(diamondApparatus);
    expect(await readApparatus(deps, nowhere, reel.reel_uid, "sim_txt")).toBeNull();
    expect(await readApparatus(deps, nowhere, "TS0236_1", "std_txt")).toBeNull();
  });

  it("keeps no row for a reel without entries", async () => {
    expect(await storedReelApparatus(reel, { ...diamondApparatus, entries: [] }, "TS", 1)).toBeNull();
  });

  it("keeps the apparatus gzip'd, smaller than its JSON, and still reads a row an earlier version kept as is", async () => {
    const row = await storedReelApparatus(reel, diamondApparatus, "TS", 2);
    if (!row?.packed) throw new Error("no packed apparatus");
    expect(row.apparatus).toBeUndefined();
    expect(row.packed.byteLength).toBeLessThan(JSON.stringify(diamondApparatus).length);
    const { packed: _, ...rest } = row;
    const older = { ...rest, apparatus: diamondApparatus };
    const db = emptyLibrary();
    await db.apparatus.put(older);
    const deps = { library: async () => db, network: testNetwork(false) };
    expect(await readApparatus(deps, nowhere, reel.reel_uid, "std_txt")).toEqual(diamondApparatus);
  });
});
