/**
 * The offline library's pure parts: sizes counted as the server counts them, the download's items
 * and fetch tasks from a plan, the dialog's choice of parts, and the full-disk test over the shapes
 * a QuotaExceededError reaches the download manager in, and a reel text kept packed.
 */
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import type { OfflinePlan } from "../../contract/offline.ts";
import {
  downloadIdOf,
  itemKeys,
  packedReelText,
  reelOfRow,
  reelPageUids,
  type StoredDownloadItem,
  storedReelText,
  unpackReelText,
  utf8Bytes,
} from "../../contract/offline-library.ts";
import { isQuotaExceeded } from "../../src/offline/library/db.ts";
import {
  BATCH_BYTES,
  BATCH_MAX,
  fetchTasks,
  parseItemKey,
  planItems,
} from "../../src/offline/library/items.ts";
import { choosePlanParts, formatBytes } from "../../src/offline/library/planParts.ts";
import { syntheticReelRow } from "./synthetic-reel-rows.ts";

const plan: OfflinePlan = {
  tripitaka_uid: "TS",
  canon_version: "0123456789abcdef",
  pack: null,
  scope: { kind: "sutra", sutra_uid: "TS0262" },
  label: "妙法莲华经|妙法蓮華經",
  txt_types: ["std_txt", "sim_txt"],
  with_pages: true,
  with_images: true,
  scans_withheld: false,
  sutras: [{ uid: "TS0262", name: "妙法莲华经|妙法蓮華經", reel_uids: ["TS0262_1", "TS0262_2"] }],
  reels: [
    {
      uid: "TS0262_1",
      sutra_uid: "TS0262",
      texts: [
        { txt_type: "std_txt", chars: 10, bytes: 100 },
        { txt_type: "sim_txt", chars: 10, bytes: 90 },
      ],
    },
    {
      uid: "TS0262_2",
      sutra_uid: "TS0262",
      texts: [
        { txt_type: "std_txt", chars: 5, bytes: 50 },
        { txt_type: "sim_txt", chars: 5, bytes: 45 },
      ],
    },
  ],
  pages: [{ uid: "TS_9_1a", book_uid: "TS_9", bytes: 300 }],
  files: [
    {
      path: "/storage/pages/TS/9/TS_9_1a.jpg",
      page_uid: "TS_9_1a",
      kind: "scan",
      bytes: 1000,
      content_type: "image/jpeg",
    },
  ],
  totals: {
    sutras: 1,
    reels: 2,
    pages: 1,
    files: 1,
    chars: 30,
    text_bytes: 285,
    page_bytes: 300,
    image_bytes: 1000,
    total_bytes: 1585,
  },
};

describe("sizes", () => {
  it.each([
    ["ascii", "abc"],
    ["CJK", "妙法蓮華經"],
    ["a supplementary ideograph", "𠀀𪚥"],
    ["a private-use char of plane 15", "\u{F0001}經"],
    ["mixed JSON", JSON.stringify({ cid: "TS_9_1a.1", text: "「如是我聞」\\n" })],
  ])("counts UTF-8 bytes of %s as an encoder does", (_what, text) => {
    expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });

  it("shows bytes in 1024 steps", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});

describe("a download's items and fetch tasks", () => {
  it("lists catalogue rows, each reel in each form, pages and files under shared keys", () => {
    expect(downloadIdOf("TS", plan.scope)).toBe("TS:sutra:TS0262");
    expect(downloadIdOf("JX", { kind: "tripitaka" })).toBe("JX:tripitaka");
    expect(planItems(plan).map((item) => [item.kind, item.key, item.bytes])).toEqual([
      ["tripitaka", "tripitaka:TS", 0],
      ["books", "books:TS", 0],
      ["sutra", "sutra:TS0262", 0],
      ["catalog", "catalog:TS0262", 0],
      ["reel_text", "reel_text:TS0262_1:std_txt", 100],
      ["reel_text", "reel_text:TS0262_1:sim_txt", 90],
      ["reel_text", "reel_text:TS0262_2:std_txt", 50],
      ["reel_text", "reel_text:TS0262_2:sim_txt", 45],
      ["page", "page:TS_9_1a", 300],
      ["blob", "blob:/storage/pages/TS/9/TS_9_1a.jpg", 1000],
    ]);
    expect(parseItemKey(itemKeys.reelText("TS0262_1", "sim_txt"))).toEqual({
      kind: "reel_text",
      id: "TS0262_1",
      txtType: "sim_txt",
    });
    expect(parseItemKey(itemKeys.fonts("NotoSerifSC:\u{F0001}"))).toEqual({
      kind: "fonts",
      id: "NotoSerifSC:\u{F0001}",
    });
  });

  const waiting = (key: string, kind: StoredDownloadItem["kind"], bytes = 10): StoredDownloadItem => ({
    download_id: "d",
    key,
    kind,
    state: "waiting",
    bytes,
  });

  it("fetches catalogue rows first, then reels and pages in batches, then files one by one", () => {
    const items = [
      waiting("blob:/storage/a.jpg", "blob"),
      ...Array.from({ length: 120 }, (_, i) => waiting(itemKeys.page(`TS_9_${i + 1}a`), "page")),
      ...Array.from({ length: 60 }, (_, i) =>
        waiting(itemKeys.reelText(`TS2059_${i + 1}`, "std_txt"), "reel_text"),
      ),
      ...Array.from({ length: 60 }, (_, i) =>
        waiting(itemKeys.reelText(`TS2059_${i + 1}`, "ori_txt"), "reel_text"),
      ),
      ...Array.from({ length: 150 }, (_, i) => waiting(itemKeys.sutra(`TS${1000 + i}`), "sutra")),
      waiting("tripitaka:TS", "tripitaka"),
    ];
    const tasks = fetchTasks(items);
    expect(tasks.map((task) => [task.kind, task.items.length])).toEqual([
      ["tripitaka", 1],
      ["sutra", 100],
      ["sutra", 50],
      ["reel_text", BATCH_MAX * 2],
      ["reel_text", 20],
      ["page", 50],
      ["page", 50],
      ["page", 20],
      ["blob", 1],
    ]);
    // A reel's forms travel in the same batch.
    const firstReels = new Set(tasks[3]?.items.map((item) => parseItemKey(item.key).id));
    expect(firstReels.size).toBe(BATCH_MAX);
  });

  it("keeps a batch under its byte budget, but never empty", () => {
    const big = BATCH_BYTES * 0.6;
    const items = [1, 2, 3].map((n) => waiting(itemKeys.page(`TS_9_${n}a`), "page", big));
    expect(fetchTasks(items).map((task) => task.items.length)).toEqual([1, 1, 1]);
    expect(fetchTasks([waiting("page:TS_9_9a", "page", BATCH_BYTES * 3)])).toHaveLength(1);
  });
});

describe("the parts a reader keeps", () => {
  it("drops images, then pages, and recounts", () => {
    const textOnly = choosePlanParts(plan, { pages: false, images: false });
    expect(textOnly).toMatchObject({ with_pages: false, with_images: false, pages: [], files: [] });
    expect(textOnly.totals).toMatchObject({
      pages: 0,
      files: 0,
      page_bytes: 0,
      image_bytes: 0,
      total_bytes: 285,
    });
    const pagesOnly = choosePlanParts(plan, { pages: true, images: false });
    expect(pagesOnly.totals.total_bytes).toBe(585);
    // Images are viewed in the page reader: they bring their pages.
    expect(choosePlanParts(plan, { pages: false, images: true })).toMatchObject({
      with_pages: true,
      with_images: true,
    });
  });
});

describe("a full disk", () => {
  const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

  it.each([
    ["the DOMException", quota(), true],
    ["Dexie's own error", new Dexie.QuotaExceededError("full"), true],
    ["an aborted transaction caused by it", new Dexie.AbortError("aborted", quota()), true],
    [
      "a bulk operation that failed on it",
      new Dexie.BulkError("bulkPut failed", [new Error("other"), quota()]),
      true,
    ],
    ["another abort", new Dexie.AbortError("aborted", new Error("constraint")), false],
    ["a network failure", new TypeError("Failed to fetch"), false],
    ["nothing", undefined, false],
  ])("is told from %s", (_what, error, full) => {
    expect(isQuotaExceeded(error)).toBe(full);
  });
});

describe("a reel text kept packed", () => {
  const lines = Array.from({ length: 40 }, (_, at) => `如是我聞一時佛在舍衛國祇樹給孤獨園${at}`);
  const unpacked = syntheticReelRow(262, 1, "std_txt", lines);

  it("gives back the very reel it was made from, in a fraction of its size", async () => {
    const row = await packedReelText(storedReelText(unpacked.reel, "TS"), 17);
    expect(row.reel).toBeUndefined();
    expect(row.stored_at).toBe(17);
    expect(row.bytes).toBe(utf8Bytes(JSON.stringify(unpacked.reel)));
    expect(row.packed?.byteLength).toBeLessThan(row.bytes / 3);
    expect(await reelOfRow(row)).toEqual(unpacked.reel);
    expect(reelPageUids(row)).toEqual(["TS_1_262a"]);
    expect(await unpackReelText(row)).toEqual({ ...storedReelText(unpacked.reel, "TS"), stored_at: 17 });
  });

  it("reads a row stored unpacked as it is", async () => {
    expect(await reelOfRow(unpacked)).toBe(unpacked.reel);
    expect(reelPageUids(unpacked)).toEqual(["TS_1_262a"]);
    const { reel: _reel, ...empty } = unpacked;
    await expect(reelOfRow(empty)).rejects.toThrow("holds no reel");
  });
});
