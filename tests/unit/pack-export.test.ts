/**
 * Exporting the offline library as a pack: a library filled by the real download manager from the
 * real server (TS2059 in its original form, with the dynamic-font subsets its private-use
 * characters need; TS0262 in two forms; the whole of JX with pages and scans) is exported, read
 * back part by part, compared row by row with the library, and installed into a second library.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DYNAMIC_FONT_NAME } from "../../contract/font-chars.ts";
import {
  type DownloadItemKind,
  type StoredDownload,
  type StoredReelText,
  unpackReelText,
} from "../../contract/offline-library.ts";
import { type PackManifest, type PackPart, verifyPart } from "../../contract/pack.ts";
import { partBytes, partJson, partRows } from "../../contract/pack-codec.ts";
import type { OfflineLibrary } from "../../src/offline/library/db.ts";
import { parseItemKey, planItems } from "../../src/offline/library/items.ts";
import { isRowKind, rowAccess } from "../../src/offline/library/rows.ts";
import { type ExportDeps, exportPack } from "../../src/offline/packs/export.ts";
import { ExportError, estimatePackBytes, planExport } from "../../src/offline/packs/exportSelection.ts";
import { installPack } from "../../src/offline/packs/install.ts";
import { readPackManifest } from "../../src/offline/packs/manifest.ts";
import { blobSink, fileHandleSink, type WritableFile } from "../../src/offline/packs/sinks.ts";
import { fileSource } from "../../src/offline/packs/source.ts";
import type { PackIndexToAdopt } from "../../workers/search/api.ts";
import { type ExportHarness, freshLibrary, startExportHarness } from "./pack-export-library.ts";

let h: ExportHarness;
let db: OfflineLibrary;
let ids: { ts2059: string; ts0262: string; jx: string };

beforeAll(async () => {
  h = await startExportHarness();
  db = freshLibrary();
  ids = {
    ts2059: await h.download(
      db,
      await h.plan("TS", { scope: { kind: "sutra", sutra_uid: "TS2059" }, txt_types: ["ori_txt"] }),
    ),
    ts0262: await h.download(
      db,
      await h.plan("TS", {
        scope: { kind: "sutra", sutra_uid: "TS0262" },
        txt_types: ["std_txt", "sim_txt"],
      }),
    ),
    jx: await h.download(
      db,
      await h.plan("JX", { scope: { kind: "tripitaka" }, txt_types: ["std_txt"], with_images: true }),
    ),
  };
}, 240_000);

afterAll(async () => {
  await h?.close();
}, 60_000);

const deps = (library: OfflineLibrary): ExportDeps => ({
  db: library,
  fonts: h.fonts,
  search: { exportPackIndex: (reelUids) => h.indexOf(library, reelUids) },
  now: () => Date.UTC(2026, 1, 3),
});

async function exported(selection: Parameters<typeof exportPack>[1]) {
  const sink = blobSink();
  const result = await exportPack(deps(db), selection, sink, { createdAt: Date.UTC(2026, 1, 2) });
  const file = sink.close();
  return { result, file, manifest: await readPackManifest(fileSource(file)) };
}

/** Every part read back and checked against its sha256. */
async function partsOf(file: Blob, manifest: PackManifest) {
  const source = fileSource(file);
  const out: { part: PackPart; stored: Uint8Array }[] = [];
  for (const part of manifest.parts) {
    const stored = await source.read(part.offset, part.bytes);
    await verifyPart(part, stored);
    out.push({ part, stored });
  }
  return out;
}

const withoutStoredAt = (row: unknown) => {
  const { stored_at: _storedAt, ...rest } = row as { stored_at: number };
  return rest;
};

async function libraryRow(library: OfflineLibrary, key: string): Promise<unknown> {
  const kind = parseItemKey(key).kind as DownloadItemKind;
  if (!isRowKind(kind)) return undefined;
  const access = rowAccess[kind];
  const row: unknown = await access
    .table(library)
    .get(access.primaryKey({ download_id: "", key, kind, state: "done", bytes: 0 }));
  // A pack carries a reel text with its reel unpacked.
  return kind === "reel_text" && row ? unpackReelText(row as StoredReelText) : row;
}

const itemsOf = async (library: OfflineLibrary, downloadId: string) =>
  library.downloadItems.where("download_id").equals(downloadId).toArray();

describe("exporting the whole library", () => {
  it("writes a device pack whose parts verify and hold the library's rows, files, fonts and index", async () => {
    const { result, file, manifest } = await exported({ kind: "library" });
    expect(result.bytes).toBe(file.size);
    // The size the dialog announces is near the file's.
    const estimate = estimatePackBytes(await planExport(db, h.fonts, { kind: "library" }));
    expect(Math.abs(estimate - file.size) / file.size).toBeLessThan(0.25);
    expect(manifest).toMatchObject({ made_by: "device", created_at: Date.UTC(2026, 1, 2), format: 1 });

    const downloads = await db.downloads.toArray();
    expect(manifest.downloads.map((d) => d.scope)).toEqual(downloads.map((d) => d.scope));
    for (const download of downloads) {
      const entry = manifest.downloads.find((d) => d.label === download.label);
      const items = await itemsOf(db, download.id);
      expect(items.every((item) => item.state === "done")).toBe(true);
      expect(entry).toMatchObject({
        tripitaka_uid: download.tripitaka_uid,
        txt_types: download.txt_types,
        with_images: download.with_images,
      });
      expect([...(entry?.keys ?? [])].sort()).toEqual(items.map((item) => item.key).sort());
    }

    const parts = await partsOf(file, manifest);
    const seen = new Map<string, number>();
    const itemBytes = new Map((await db.downloadItems.toArray()).map((item) => [item.key, item.bytes]));
    let rowParts = 0;
    for (const { part, stored } of parts) {
      part.keys.forEach((key, at) => {
        seen.set(key, (seen.get(key) ?? 0) + 1);
        expect(part.item_bytes[at], key).toBe(itemBytes.get(key));
      });
      if (part.kind === "blob") {
        const row = await db.blobs.get(parseItemKey(part.keys[0] ?? "").id);
        expect(new Uint8Array(await partBytes(part, stored))).toEqual(
          new Uint8Array((await row?.blob.arrayBuffer()) ?? new ArrayBuffer(0)),
        );
      } else if (part.kind === "fonts") {
        const record = (await h.fonts.read(DYNAMIC_FONT_NAME)).find(
          (r) => r.key === parseItemKey(part.keys[0] ?? "").id,
        );
        expect(part.chars).toBe(record?.chars);
        expect(await partBytes(part, stored)).toEqual(new Uint8Array(record?.data ?? new ArrayBuffer(0)));
      } else if (part.kind !== "index") {
        rowParts += 1;
        const { rows } = await partRows(part, stored);
        const expected = await Promise.all(part.keys.map((key) => libraryRow(db, key)));
        expect(rows).toEqual(expected.map(withoutStoredAt));
        expect(rows.every((row) => !("stored_at" in (row as object)))).toBe(true);
      }
    }
    const allKeys = new Set((await db.downloadItems.toArray()).map((item) => item.key));
    expect(new Set(seen.keys())).toEqual(allKeys);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(rowParts).toBeGreaterThan(4);
    const kinds = new Set(manifest.parts.map((part) => part.kind));
    expect([...kinds].sort()).toEqual(
      ["blob", "books", "catalog", "fonts", "index", "page", "reel_text", "sutra", "tripitaka"].sort(),
    );

    const reels = new Set((await db.reelTexts.toArray()).map((row) => row.reel_uid));
    expect(manifest.index?.reels).toBe(reels.size);
    const docs = [];
    for (const { part, stored } of parts)
      if (part.index === "docs") docs.push(...(await partJson<{ reel_uid: string }[]>(part, stored)));
    expect(new Set(docs.map((doc) => doc.reel_uid))).toEqual(reels);
    expect(manifest.parts.filter((part) => part.index === "segment").length).toBeGreaterThan(0);
  }, 120_000);

  it("installs into a fresh library as the same rows and complete downloads", async () => {
    const { file, manifest } = await exported({ kind: "library" });
    const second = freshLibrary();
    const adopted: PackIndexToAdopt[] = [];
    const { downloads } = await installPack(
      {
        db: second,
        fonts: h.fonts,
        search: { adoptPackIndex: async (index) => void adopted.push(index) },
        now: () => Date.UTC(2026, 1, 4),
      },
      fileSource(file),
      { manifest },
    );
    expect(downloads.map((d) => [d.id, d.status]).sort()).toEqual(
      Object.values(ids)
        .map((id) => [id, "complete"])
        .sort(),
    );
    for (const table of ["tripitakas", "books", "sutras", "catalogs", "reelTexts", "pages"] as const) {
      const before = (await db[table].toArray()).map(withoutStoredAt);
      const after = (await second[table].toArray()).map(withoutStoredAt);
      expect(after, table).toEqual(before);
    }
    const blobs = await second.blobs.toArray();
    expect(blobs.map((b) => [b.path, b.blob.size])).toEqual(
      (await db.blobs.toArray()).map((b) => [b.path, b.blob.size]),
    );
    for (const id of Object.values(ids)) {
      const before = (await itemsOf(db, id)).map((item) => [item.key, item.state, item.bytes]);
      expect((await itemsOf(second, id)).map((item) => [item.key, item.state, item.bytes])).toEqual(before);
    }
    expect(adopted.reduce((n, piece) => n + piece.docs.length, 0)).toBe(manifest.index?.reels);
  }, 120_000);
});

describe("exporting a selection", () => {
  it("exports a custom group as one group download of only its sutras' rows, pages and font subsets", async () => {
    const keysOf = async (id: string) => (await itemsOf(db, id)).map((item) => item.key).sort();
    const { file, manifest } = await exported({
      kind: "group",
      tripitaka_uid: "TS",
      group_name: "我的组",
      sutra_uids: ["TS0262", "TS0366"],
    });
    expect(manifest.downloads).toHaveLength(1);
    const [group] = manifest.downloads;
    expect(group).toMatchObject({
      tripitaka_uid: "TS",
      scope: { kind: "group", group_name: "我的组" },
      label: "我的组",
      txt_types: ["std_txt", "sim_txt"],
      with_pages: true,
      with_images: false,
    });
    // The very items the server plans for a download of TS0262 in those forms with its pages.
    const plan = await h.plan("TS", {
      scope: { kind: "sutra", sutra_uid: "TS0262" },
      txt_types: ["std_txt", "sim_txt"],
    });
    const planned = planItems(plan).map((item) => item.key);
    expect(group?.keys.filter((key) => !key.startsWith("fonts:")).sort()).toEqual(planned.sort());
    const parts = await partsOf(file, manifest);
    const partKeys = parts.flatMap(({ part }) => part.keys);
    expect(partKeys.sort()).toEqual([...(group?.keys ?? [])].sort());
    expect(partKeys.some((key) => key.startsWith("reel_text:TS2059"))).toBe(false);
    expect(manifest.index?.reels).toBe(plan.reels.length);

    // With TS2059 (original form, private-use chars) the group takes its rows and its font subsets.
    const both = await planExport(db, h.fonts, {
      kind: "group",
      tripitaka_uid: "TS",
      group_name: "两部",
      sutra_uids: ["TS2059", "TS0262"],
    });
    const union = [...new Set([...(await keysOf(ids.ts2059)), ...(await keysOf(ids.ts0262))])].sort();
    expect([...(both.downloads[0]?.keys ?? [])].sort()).toEqual(union);
    expect(both.items.filter((item) => item.kind === "fonts").length).toBeGreaterThan(0);
    expect(both.downloads[0]?.txt_types).toEqual(["ori_txt", "std_txt", "sim_txt"]);
  }, 120_000);

  it("names a tripitaka's canon version only when its downloads agree on one", async () => {
    await db.downloads.update(ids.ts2059, { canon_version: "aaaaaaaaaaaaaaaa" });
    await db.downloads.update(ids.ts0262, { canon_version: "bbbbbbbbbbbbbbbb" });
    await db.downloads.update(ids.jx, { canon_version: "cccccccccccccccc" });
    const both = { kind: "downloads", ids: [ids.ts2059, ids.ts0262, ids.jx] } as const;
    expect((await planExport(db, h.fonts, both)).canon_versions).toEqual({ JX: "cccccccccccccccc" });
    await db.downloads.update(ids.ts0262, { canon_version: "aaaaaaaaaaaaaaaa" });
    expect((await planExport(db, h.fonts, both)).canon_versions).toEqual({
      TS: "aaaaaaaaaaaaaaaa",
      JX: "cccccccccccccccc",
    });
    const one = await planExport(db, h.fonts, { kind: "downloads", ids: [ids.ts0262] });
    expect(one.downloads.map((d) => d.label)).toEqual([(await db.downloads.get(ids.ts0262))?.label]);
    expect(one.items.some((item) => item.key.startsWith("reel_text:TS2059"))).toBe(false);
  });

  it("refuses a download that is not complete and a selection with nothing stored", async () => {
    const download = (await db.downloads.get(ids.ts0262)) as StoredDownload;
    await db.downloads.update(ids.ts0262, { status: "paused" });
    try {
      await expect(planExport(db, h.fonts, { kind: "downloads", ids: [ids.ts0262] })).rejects.toMatchObject({
        code: "NOT_COMPLETE",
      });
    } finally {
      await db.downloads.update(ids.ts0262, { status: download.status });
    }
    await expect(
      planExport(db, h.fonts, {
        kind: "group",
        tripitaka_uid: "TS",
        group_name: "空",
        sutra_uids: ["TS0001"],
      }),
    ).rejects.toBeInstanceOf(ExportError);
  });

  it("stops when cancelled, and the sink gets no more parts", async () => {
    const controller = new AbortController();
    const writes: number[] = [];
    const sink = {
      async write(bytes: Uint8Array) {
        writes.push(bytes.length);
        if (writes.length === 3) controller.abort();
      },
    };
    await expect(
      exportPack(deps(db), { kind: "library" }, sink, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(writes).toHaveLength(3);

    // A search worker that never answers (its script not cached, offline) does not hold the export.
    const stuck = new AbortController();
    const silent: ExportDeps = {
      ...deps(db),
      search: { exportPackIndex: () => new Promise(() => undefined) },
    };
    const running = exportPack(silent, { kind: "library" }, blobSink(), {
      signal: stuck.signal,
      onProgress: (progress) => progress.phase === "index" && stuck.abort(),
    });
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });

  it("writes into the chosen file and aborts it, keeping nothing, when the export fails", async () => {
    const handle = (failAt: number) => {
      const chunks: Uint8Array[] = [];
      const calls: string[] = [];
      const writable: WritableFile = {
        async write(data) {
          if (chunks.length === failAt) throw new DOMException("disk full", "QuotaExceededError");
          chunks.push(data.slice());
        },
        async close() {
          calls.push("close");
        },
        async abort() {
          calls.push("abort");
        },
      };
      return { chunks, calls, handle: { name: "TS.canonpack", createWritable: async () => writable } };
    };
    const ok = handle(-1);
    const sink = fileHandleSink(ok.handle);
    const selection = { kind: "downloads", ids: [ids.ts0262] } as const;
    const result = await exportPack(deps(db), selection, sink);
    expect(await sink.close()).toEqual({ name: "TS.canonpack", bytes: result.bytes });
    expect(ok.calls).toEqual(["close"]);
    const manifest = await readPackManifest(fileSource(new Blob(ok.chunks as BlobPart[])));
    expect(manifest.downloads.map((d) => d.label)).toEqual([(await db.downloads.get(ids.ts0262))?.label]);

    const failing = handle(2);
    const broken = fileHandleSink(failing.handle);
    await expect(exportPack(deps(db), selection, broken)).rejects.toMatchObject({
      name: "QuotaExceededError",
    });
    await broken.abort();
    expect(failing.calls).toEqual(["abort"]);
  });
});
