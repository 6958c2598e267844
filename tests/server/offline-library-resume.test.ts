/**
 * Downloads that stop half-way and go on: a manager stopped mid-download and a new one over the same
 * library (a reload) fetching only what was missing; the network going away and coming back; a
 * pause that app starts leave alone until the reader resumes.
 */
// First: Dexie takes the IndexedDB it finds when it loads.
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflinePlan } from "../../contract/offline.ts";
import type { OfflineLibrary } from "../../src/offline/library/db.ts";
import type { DownloadManager } from "../../src/offline/library/downloadManager.ts";
import { testDialects } from "../support/databases.ts";
import { type LibraryHarness, startLibraryHarness } from "./offline-library-setup.ts";

const dialect = testDialects()[0] ?? "sqlite";
/** Tasks stored before the interruption: tripitaka, books, sutra, catalog and a first batch of reels. */
const STORED_BEFORE_STOP = 5;

describe(`interrupted downloads (${dialect})`, () => {
  let h: LibraryHarness;
  let plan: OfflinePlan;

  beforeAll(async () => {
    h = await startLibraryHarness(dialect);
    plan = await h.plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS2059" },
      txt_types: ["ori_txt", "uni_txt", "std_txt", "sim_txt"],
    });
  });
  afterAll(async () => {
    await h.close();
  });

  const itemsOf = async (db: OfflineLibrary, id: string) =>
    db.downloadItems.where("download_id").equals(id).toArray();
  const reelKeys = (keys: string[]) =>
    keys.filter((key) => key.startsWith("reel_text:")).map((key) => key.slice(10));

  /** A manager fetching one task at a time that calls `interrupt` after a few stored tasks. */
  function interruptedManager(db: OfflineLibrary, interrupt: (manager: DownloadManager) => void) {
    let stored = 0;
    const manager: DownloadManager = h.manager(db, {
      concurrency: 1,
      onStored: () => {
        stored += 1;
        if (stored === STORED_BEFORE_STOP) interrupt(manager);
      },
    });
    return manager;
  }

  it("resumes after a reload and fetches only the items still missing", async () => {
    const db = h.library("reload");
    const first = interruptedManager(db, (manager) => void manager.stop());
    const download = await first.start(plan);
    await first.settled(download.id);

    const halfway = await db.downloads.get(download.id);
    expect(halfway?.status).toBe("downloading");
    expect(halfway?.items_done).toBeGreaterThan(0);
    expect(halfway?.items_done).toBeLessThan(halfway?.items_total ?? 0);
    const before = await itemsOf(db, download.id);
    const done = reelKeys(before.filter((i) => i.state === "done").map((i) => i.key));
    const waiting = reelKeys(before.filter((i) => i.state === "waiting").map((i) => i.key));
    expect(done.length).toBeGreaterThan(0);
    expect(waiting.length).toBeGreaterThan(0);
    // Every stored row has its item done, and every done item its row: nothing half-written.
    expect(await db.reelTexts.count()).toBe(done.length);

    h.asked.reels.length = 0;
    h.asked.pages.length = 0;
    const second = h.manager(db);
    await second.resumeAll();
    expect(await db.downloads.get(download.id)).toMatchObject({ status: "complete", error: null });
    expect(new Set(h.asked.reels)).toEqual(new Set(waiting));
    expect(h.asked.reels.filter((key) => done.includes(key))).toEqual([]);
    expect(h.asked.pages).toHaveLength(plan.pages.length);
    const after = await itemsOf(db, download.id);
    expect(after.every((item) => item.state === "done")).toBe(true);
    expect(await db.reelTexts.count()).toBe(14 * 4);
  });

  it("stops when the network goes and goes on when it comes back", async () => {
    const db = h.library("network");
    const manager = interruptedManager(db, () => h.goOffline());
    const unsubscribe = manager.listen();
    try {
      const download = await manager.start(plan);
      await manager.settled(download.id);
      const offline = await db.downloads.get(download.id);
      expect(offline?.status).toBe("downloading");
      expect(offline?.items_done).toBeLessThan(offline?.items_total ?? 0);
      // Offline, an app start leaves it waiting for the network.
      await manager.resumeAll();
      expect((await db.downloads.get(download.id))?.items_done).toBe(offline?.items_done);

      h.goOnline();
      await manager.resumeAll();
      expect(await db.downloads.get(download.id)).toMatchObject({ status: "complete" });
    } finally {
      unsubscribe();
      if (!h.network.isOnline()) h.goOnline();
    }
  });

  it("keeps a paused download paused until the reader resumes it", async () => {
    const db = h.library("pause");
    const manager = interruptedManager(db, (m) => void m.pause("TS:sutra:TS2059"));
    const download = await manager.start(plan);
    await manager.settled(download.id);
    const paused = await db.downloads.get(download.id);
    expect(paused?.status).toBe("paused");
    await manager.resumeAll();
    expect(await db.downloads.get(download.id)).toEqual(paused);

    await manager.resume(download.id);
    await manager.settled(download.id);
    expect(await db.downloads.get(download.id)).toMatchObject({ status: "complete" });
  });
});
