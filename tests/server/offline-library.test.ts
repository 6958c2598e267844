/**
 * The download manager end to end in node: a plan from the real server, the download fetched over
 * HTTP into the offline library (fake-indexeddb), every item verified and the final check passed;
 * rows shared by two downloads stored once and deleted only with the last; font subsets for the
 * private-use characters kept in the readers' font cache; a scanned tripitaka with its images.
 */
// First: Dexie takes the IndexedDB it finds when it loads.
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reel } from "../../contract/canon.ts";
import { DYNAMIC_FONT_NAME, isPrivateUse } from "../../contract/font-chars.ts";
import { itemKeys, reelAllText, reelOfRow, storedReel } from "../../contract/offline-library.ts";
import { fetchReel } from "../../src/api/canon.ts";
import { createFontStore } from "../../src/features/fonts/fontStore.ts";
import type { OfflineLibrary } from "../../src/offline/library/db.ts";
import { isReelLocal, isSutraLocal, libraryUsage } from "../../src/offline/library/queries.ts";
import { testDialects } from "../support/databases.ts";
import { accessToken, registerUser } from "./auth-setup.ts";
import { type LibraryHarness, startLibraryHarness } from "./offline-library-setup.ts";

const dialect = testDialects()[0] ?? "sqlite";

const kindsOf = (items: { kind: string }[]) => {
  const kinds: Record<string, number> = {};
  for (const item of items) kinds[item.kind] = (kinds[item.kind] ?? 0) + 1;
  return kinds;
};

const rowCounts = async (db: OfflineLibrary): Promise<Record<string, number>> =>
  Object.fromEntries(
    await Promise.all(
      ["tripitakas", "sutras", "catalogs", "reelTexts", "pages", "books", "blobs"].map(
        async (name) => [name, await db.table(name).count()] as const,
      ),
    ),
  );

describe(`the offline library over the real server (${dialect})`, () => {
  let h: LibraryHarness;

  beforeAll(async () => {
    h = await startLibraryHarness(dialect);
  });
  afterAll(async () => {
    await h.close();
  });

  it("downloads a multi-reel sutra in two text forms, verified item by item", async () => {
    const db = h.library("sutra-download");
    const manager = h.manager(db);
    const plan = await h.plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS0262" },
      txt_types: ["ori_txt", "std_txt"],
    });
    const started = await manager.start(plan);
    expect(started.id).toBe("TS:sutra:TS0262");
    expect(started.bytes_planned).toBe(plan.totals.total_bytes);
    await manager.settled(started.id);

    const download = await db.downloads.get(started.id);
    expect(download).toMatchObject({ status: "complete", error: null, label: "妙法莲华经|妙法蓮華經" });
    expect(download?.items_done).toBe(download?.items_total);
    const items = await db.downloadItems.where("download_id").equals(started.id).toArray();
    expect(items.every((item) => item.state === "done")).toBe(true);
    // tripitaka, books, sutra, catalog, 7 reels × 2 forms and the pages (no private-use chars here).
    expect(kindsOf(items)).toEqual({
      tripitaka: 1,
      books: 1,
      sutra: 1,
      catalog: 1,
      reel_text: 14,
      page: plan.pages.length,
    });
    const planned = plan.totals.text_bytes + plan.totals.page_bytes;
    const stored = items
      .filter((i) => i.kind === "reel_text" || i.kind === "page")
      .reduce((n, i) => n + i.bytes, 0);
    expect(stored).toBe(planned);

    // Each reel text is the reel as the reader gets it online, less allText (rebuilt on read),
    // kept packed in well under half its size.
    for (const reel of plan.reels) {
      for (const { txt_type } of reel.texts) {
        const row = await db.reelTexts.get([reel.uid, txt_type]);
        if (!row) throw new Error(`${reel.uid} ${txt_type} not stored`);
        const online: Reel = await fetchReel(h.api, reel.uid, txt_type);
        const kept = await reelOfRow(row);
        expect(kept).toEqual(storedReel(online));
        expect(reelAllText(kept)).toBe(online.allText);
        expect(row.reel).toBeUndefined();
        expect(row.packed?.byteLength).toBeLessThan(row.bytes / 2);
        expect(row.page_uids).toEqual(kept.pages.map((page) => page.uid));
      }
    }
    expect((await db.pages.get(plan.pages[0]?.uid as string))?.page.uid).toBe(plan.pages[0]?.uid);
    expect((await db.catalogs.get("TS0262"))?.catalog.reels).toHaveLength(7);
    expect((await db.sutras.get("TS0262"))?.sutra.actual_reel_cnt).toBe(7);
    expect((await db.books.get("TS"))?.books.length).toBeGreaterThan(0);
    expect((await db.tripitakas.get("TS"))?.tripitaka.uid).toBe("TS");
    expect(await isSutraLocal(db, "TS0262")).toBe(true);
    expect(await isReelLocal(db, "TS0262_7", "std_txt")).toBe(true);
    expect(await isReelLocal(db, "TS0262_7", "sim_txt")).toBe(false);
  });

  it("keeps font subsets for the private-use characters of its texts in the readers' font cache", async () => {
    const db = h.library("fonts");
    const manager = h.manager(db);
    const fonts = createFontStore();
    const plan = await h.plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS2059" },
      txt_types: ["ori_txt"],
    });
    const download = await manager.start(plan);
    await manager.settled(download.id);
    expect((await db.downloads.get(download.id))?.status).toBe("complete");
    const pua = new Set<string>();
    for (const row of await db.reelTexts.where("sutra_uid").equals("TS2059").toArray()) {
      for (const page of (await reelOfRow(row)).pages) {
        for (const line of page.lines) {
          for (const char of line.text) if (isPrivateUse(char.codePointAt(0) ?? 0)) pua.add(char);
        }
      }
    }
    expect(pua.size).toBeGreaterThan(0);
    const items = await db.downloadItems.where("download_id").equals(download.id).toArray();
    const fontItems = items.filter((item) => item.kind === "fonts");
    expect(fontItems.length).toBeGreaterThan(0);
    expect(fontItems.every((item) => item.state === "done" && item.bytes > 0)).toBe(true);
    const covered = new Set((await fonts.read(DYNAMIC_FONT_NAME)).flatMap((record) => [...record.chars]));
    expect([...pua].filter((char) => !covered.has(char))).toEqual([]);

    await manager.remove(download.id);
    const left = new Set((await fonts.read(DYNAMIC_FONT_NAME)).flatMap((record) => [...record.chars]));
    expect([...pua].filter((char) => left.has(char))).toEqual([]);
  });

  it("stores a reel two downloads share once, and deletes it only with the last of them", async () => {
    const db = h.library("shared-rows");
    const manager = h.manager(db);
    await registerUser(h, { username: "reader4", contact: "reader4@example.org", password: "abc123" });
    h.tokens.set(await accessToken(h, "reader4", "abc123"));
    await h.api.http.post("tripitaka/TS/sutra_group", { json: { name: "晚课" } });
    await h.api.http.post("tripitaka/TS/sutra_group/add_sutras", {
      json: { name: "晚课", sutra_uids: ["TS0262", "TS0251"] },
    });

    const sutraPlan = await h.plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS0262" },
      txt_types: ["sim_txt"],
    });
    const groupPlan = await h.plan("TS", {
      scope: { kind: "group", group_name: "晚课" },
      txt_types: ["sim_txt"],
    });
    const sutra = await manager.start(sutraPlan);
    await manager.settled(sutra.id);
    h.asked.reels.length = 0;
    const group = await manager.start(groupPlan);
    await manager.settled(group.id);
    expect((await db.downloads.get(group.id))?.status).toBe("complete");
    // The group fetched only the reel the sutra download had not stored.
    expect(h.asked.reels).toEqual(["TS0251_1:sim_txt"]);
    expect(await db.reelTexts.count()).toBe(8);

    const bothCounts = await rowCounts(db);
    const usage = await libraryUsage(db);
    const sutraBytes = (await db.downloads.get(sutra.id))?.bytes_stored ?? 0;
    const groupBytes = (await db.downloads.get(group.id))?.bytes_stored ?? 0;
    expect(usage.bytes).toBeLessThan(sutraBytes + groupBytes);
    expect(usage.bytes).toBeGreaterThanOrEqual(groupBytes);

    await manager.remove(group.id);
    expect(await db.downloads.get(group.id)).toBeUndefined();
    expect(await isSutraLocal(db, "TS0262")).toBe(true);
    expect(await isReelLocal(db, "TS0251_1")).toBe(false);
    expect(await db.sutras.get("TS0251")).toBeUndefined();
    expect(await db.reelTexts.count()).toBe(7);
    expect((await rowCounts(db)).pages).toBeLessThan(bothCounts.pages as number);

    await manager.remove(sutra.id);
    expect(await rowCounts(db)).toEqual({
      tripitakas: 0,
      sutras: 0,
      catalogs: 0,
      reelTexts: 0,
      pages: 0,
      books: 0,
      blobs: 0,
    });
    expect(await db.downloadItems.count()).toBe(0);
    h.tokens.clear();
  });

  it("downloads a scanned-only tripitaka with its scans and thumbnails, checked by length and type", async () => {
    const db = h.library("scanned");
    const manager = h.manager(db);
    const plan = await h.plan("JX", {
      scope: { kind: "tripitaka" },
      txt_types: ["ori_txt"],
      with_images: true,
    });
    const download = await manager.start(plan);
    await manager.settled(download.id);
    expect(await db.downloads.get(download.id)).toMatchObject({
      status: "complete",
      items_total: 2 + 10 + 20,
    });
    for (const file of plan.files) {
      const row = await db.blobs.get(file.path);
      expect(row?.bytes).toBe(file.bytes);
      expect(row?.blob.size).toBe(file.bytes);
      expect(row?.blob.type).toBe(file.content_type);
    }
    const stored = (await db.downloads.get(download.id))?.bytes_stored ?? 0;
    expect(stored).toBeGreaterThanOrEqual(plan.totals.total_bytes);
    await manager.remove(download.id);
    expect(await db.blobs.count()).toBe(0);
  });

  it("refuses an item that is not what the plan announced and records why", async () => {
    const db = h.library("invalid");
    const manager = h.manager(db);
    const plan = await h.plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS0251" },
      txt_types: ["std_txt"],
    });
    // The plan as an older server version would have sized this reel: one byte more than it is.
    const reel = plan.reels[0];
    if (reel?.texts[0]) reel.texts[0].bytes += 1;
    const download = await manager.start(plan);
    await manager.settled(download.id);
    expect(await db.downloads.get(download.id)).toMatchObject({ status: "failed", error: "ITEM_INVALID" });
    const item = await db.downloadItems.get([download.id, itemKeys.reelText("TS0251_1", "std_txt")]);
    expect(item?.state).toBe("waiting");
    expect(await db.reelTexts.count()).toBe(0);
  });
});
