/**
 * Installing a pack file with no network: device A downloads TS0262 (two text forms with its pages)
 * and the whole of JX with its scans item by item from the real server over the starter canon, and
 * packs them with its search index; device B installs that pack from a Blob. B's library must hold
 * exactly A's rows, B's search must answer as A's without indexing a reel, and a corrupted pack, a
 * pack of another canon version, a stopped install and a full disk must each leave B consistent.
 */
import "fake-indexeddb/auto";
import type { DBCore, Middleware } from "dexie";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FONT_CACHE_VERSION, subsetKey } from "../../contract/font-chars.ts";
import { downloadIdOf } from "../../contract/offline-library.ts";
import type { PackManifest } from "../../contract/pack.ts";
import type { SearchRequest } from "../../contract/search.ts";
import { isQuotaExceeded } from "../../src/offline/library/db.ts";
import { installPack, type PackProgress, readPackManifest } from "../../src/offline/packs/install.ts";
import { fileSource, type PackSource } from "../../src/offline/packs/source.ts";
import type { VariantData } from "../../workers/search/api.ts";
import type { CanonServer } from "./offline-reading-rows.ts";
import { startCanonServer } from "./offline-reading-rows.ts";
import {
  type Device,
  download,
  libraryContents,
  newDevice,
  packOfLibrary,
  planOf,
  variantsOf,
} from "./pack-install-fixture.ts";

const VERSIONS = { TS: "ts-canon-v1", JX: "jx-canon-v1" };
const FONT_CHARS = ["\u{F0001}", "\u{F0002}"];
const FONT = {
  key: `fonts:${subsetKey("NotoSerifSC", FONT_CHARS)}`,
  fontName: "NotoSerifSC",
  chars: FONT_CHARS.join(""),
  data: new Uint8Array([0, 1, 0, 0, 0, 9, 8, 7]),
};
const QUERIES: SearchRequest[] = [
  { keyword: "菩薩", search_mode: "exact" },
  { keyword: "菩萨", search_mode: "fuzzy", txt_type: "sim_txt" },
  { keyword: "如是我聞", search_mode: "exact" },
  { keyword: "世尊", search_mode: "fuzzy", sort_by: "hit" },
];

let server: CanonServer;
let a: Device;
let variants: VariantData;
let pack: Uint8Array;
let manifest: PackManifest;
let contentsA: Record<string, unknown[]>;
const ids = [
  downloadIdOf("TS", { kind: "sutra", sutra_uid: "TS0262" }),
  downloadIdOf("JX", { kind: "tripitaka" }),
];

const deps = (device: Device) => ({
  db: device.db,
  fonts: device.fonts,
  search: device.engine,
  now: () => Date.now(),
});
const blobOf = (bytes: Uint8Array) => Object.assign(new Blob([bytes as BlobPart]), { name: "a.canonpack" });

/** A's contents with the font item a pack install adds. */
function expectedContents(): Record<string, unknown[]> {
  const fontItems = ids.map((id) => ({
    download_id: id,
    key: FONT.key,
    kind: "fonts",
    state: "done",
    bytes: FONT.data.length,
  }));
  const items = [...(contentsA.items as object[]), ...fontItems];
  const downloads = (
    contentsA.downloads as { items_total: number; items_done: number; bytes_stored: number }[]
  ).map((row) => ({
    ...row,
    items_total: row.items_total + 1,
    items_done: row.items_done + 1,
    bytes_stored: row.bytes_stored + FONT.data.length,
  }));
  return { ...contentsA, downloads, items: expect.arrayContaining(items) as unknown as unknown[] };
}

async function expectInstalled(device: Device): Promise<void> {
  const contents = await libraryContents(device.db);
  expect(contents).toEqual(expectedContents());
  expect(contents.items).toHaveLength((contentsA.items as unknown[]).length + ids.length);
  for (const id of ids) {
    const row = await device.db.downloads.get(id);
    expect(row).toMatchObject({ status: "complete", error: null, pack: null });
    expect(row?.canon_version).toBe(VERSIONS[row?.tripitaka_uid as "TS" | "JX"]);
    expect(row?.items_done).toBe(row?.items_total);
  }
}

beforeAll(async () => {
  server = await startCanonServer();
  const origin = await server.app.listen({ port: 0, host: "127.0.0.1" });
  variants = await variantsOf(server);
  a = newDevice();
  await download(
    a,
    origin,
    await planOf(server, "TS", {
      scope: { kind: "sutra", sutra_uid: "TS0262" },
      txt_types: ["std_txt", "sim_txt"],
    }),
  );
  await download(
    a,
    origin,
    await planOf(server, "JX", { scope: { kind: "tripitaka" }, txt_types: ["std_txt"], with_images: true }),
  );
  const status = await a.engine.sync(variants);
  // The starter JX is scans and pages only: the index holds the seven reels of TS0262.
  expect(status.tripitakas).toEqual({ TS: 7 });
  const reels = [...new Set(await a.db.reelTexts.orderBy("reel_uid").keys())] as string[];
  const index = await a.engine.exportPackIndex(reels);
  expect(index.docs).toHaveLength(status.reels);
  const written = await packOfLibrary(a.db, ids, { canonVersions: VERSIONS, index, fonts: [FONT] });
  pack = written.bytes;
  manifest = await readPackManifest(fileSource(blobOf(pack)), written.manifestSha256);
  contentsA = await libraryContents(a.db);
  // Ten scans and their thumbnails.
  expect((contentsA.blobs as unknown[]).length).toBe(20);
}, 240_000);

afterAll(async () => {
  await a?.engine.close();
  await server?.close();
});

describe("a pack file installed on a device with no network", () => {
  it("stores A's rows, the font subsets, and merges the index instead of indexing", async () => {
    const b = newDevice();
    const phases: PackProgress[] = [];
    const result = await installPack(deps(b), fileSource(blobOf(pack)), {
      onProgress: (p) => phases.push(p),
    });
    expect(result.downloads.map((d) => d.id).sort()).toEqual([...ids].sort());
    await expectInstalled(b);
    const font = (await b.fonts.read("NotoSerifSC")).find(
      (r) => r.key === subsetKey("NotoSerifSC", FONT_CHARS),
    );
    expect(font).toMatchObject({ chars: FONT.chars, version: FONT_CACHE_VERSION });
    expect([...new Uint8Array(font?.data ?? new ArrayBuffer(0))]).toEqual([...FONT.data]);
    expect([...new Set(phases.map((p) => p.phase))]).toEqual(["checking", "writing", "index", "done"]);
    const checked = phases.filter((p) => p.phase === "checking").at(-1);
    expect(checked).toMatchObject({ parts_done: manifest.parts.length, bytes_done: manifest.content_bytes });

    const merged = await b.engine.status();
    const indexed = await a.engine.status();
    expect(merged).toMatchObject({ reels: indexed.reels, chars: indexed.chars, variants: variants.hash });
    expect(merged.work.indexed).toBe(0);
    for (const request of QUERIES) {
      const scope = { tripitakaUid: "TS", groups: [] };
      const expected = await a.engine.search(scope, request);
      expect(expected.ok && expected.result.total).toBeGreaterThan(0);
      expect(await b.engine.search(scope, request)).toEqual(expected);
    }
    const synced = await b.engine.sync(variants);
    expect(synced.work).toMatchObject({ indexed: 0, dropped: 0 });
    expect(synced.reels).toBe(indexed.reels);
    await b.engine.close();
  });

  it("refuses a corrupted pack and leaves the library as it was", async () => {
    const corrupted = pack.slice();
    const part = manifest.parts.filter((p) => p.kind === "reel_text").at(-1);
    if (!part) throw new Error("no reel part");
    const at = part.offset + Math.floor(part.bytes / 2);
    corrupted[at] = (corrupted[at] ?? 0) ^ 0x55;
    const empty = newDevice();
    await expect(installPack(deps(empty), fileSource(blobOf(corrupted)))).rejects.toMatchObject({
      code: "PACK_CHECKSUM",
    });
    expect(await empty.db.downloads.count()).toBe(0);
    expect(await empty.db.tripitakas.count()).toBe(0);
    expect(await empty.db.reelTexts.count()).toBe(0);

    const holding = newDevice();
    await installPack(deps(holding), fileSource(blobOf(pack)));
    const before = await libraryContents(holding.db);
    const rows = await holding.db.downloads.toArray();
    await expect(installPack(deps(holding), fileSource(blobOf(corrupted)))).rejects.toMatchObject({
      code: "PACK_CHECKSUM",
    });
    expect(await libraryContents(holding.db)).toEqual(before);
    expect(await holding.db.downloads.toArray()).toEqual(rows);

    const cut = pack.subarray(0, pack.length - 100);
    await expect(installPack(deps(empty), fileSource(blobOf(cut)))).rejects.toMatchObject({
      name: "PackError",
    });
    await expect(
      installPack(
        deps(empty),
        fileSource(blobOf(new TextEncoder().encode("PK\u0003\u0004 a zip file, not a pack"))),
      ),
    ).rejects.toMatchObject({ code: "PACK_NOT_A_PACK" });
    await Promise.all([empty.engine.close(), holding.engine.close()]);
  });

  it("refuses a pack of another canon version than the library's, naming both", async () => {
    const c = newDevice();
    await c.db.downloads.put({
      id: "TS:sutra:TS0251",
      tripitaka_uid: "TS",
      scope: { kind: "sutra", sutra_uid: "TS0251" },
      label: "心经|心經",
      txt_types: ["std_txt"],
      with_images: false,
      status: "complete",
      canon_version: "ts-canon-v0",
      bytes_planned: 0,
      bytes_stored: 0,
      items_total: 0,
      items_done: 0,
      error: null,
      created_at: 1,
      updated_at: 1,
    });
    const refused = installPack(deps(c), fileSource(blobOf(pack)));
    await expect(refused).rejects.toMatchObject({ code: "PACK_VERSION" });
    await expect(refused).rejects.toThrow(/ts-canon-v1.*ts-canon-v0/);
    expect(await c.db.downloads.count()).toBe(1);
    expect(await c.db.reelTexts.count()).toBe(0);
    await c.engine.close();
  });

  it("goes on after a stop from the parts already written, reading only the rest", async () => {
    const d = newDevice();
    const controller = new AbortController();
    const stopAfter = 6;
    await expect(
      installPack(deps(d), fileSource(blobOf(pack)), {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === "writing" && p.parts_done === stopAfter) controller.abort();
        },
      }),
    ).rejects.toMatchObject({ name: "AbortError" });
    const stopped = await d.db.downloads.bulkGet(ids);
    const done = new Set(stopped.flatMap((row) => row?.pack?.parts_done ?? []));
    expect(done.size).toBe(stopAfter);
    for (const row of stopped) {
      expect(row).toMatchObject({ status: "paused" });
      const items = await d.db.downloadItems
        .where("download_id")
        .equals(row?.id ?? "")
        .toArray();
      expect(row?.items_done).toBe(items.filter((item) => item.state === "done").length);
    }
    // A sync meanwhile leaves alone the reels whose index the pack brings.
    expect((await d.db.reelTexts.count()) > 0).toBe(true);
    expect((await d.engine.sync()).work.indexed).toBe(0);

    const read: number[] = [];
    const file = fileSource(blobOf(pack));
    const recording: PackSource = {
      ...file,
      read: (offset, length, signal) => {
        read.push(offset);
        return file.read(offset, length, signal);
      },
    };
    await installPack(deps(d), recording);
    const partsRead = manifest.parts.filter((p) => read.includes(p.offset));
    expect(partsRead.filter((p) => done.has(p.id))).toEqual([]);
    expect(partsRead.length).toBeGreaterThan(0);
    await expectInstalled(d);
    expect((await d.engine.status()).work.indexed).toBe(0);
    await d.engine.close();
  });

  it("rolls back a part the disk has no room for and keeps the parts before it", async () => {
    const e = newDevice();
    const pageParts = manifest.parts.filter((p) => p.kind === "page");
    const failing = pageParts[2];
    const failingPage = failing?.keys[0]?.slice("page:".length);
    if (!failing || !failingPage) throw new Error("fewer than three page parts");
    let full = true;
    const fullDisk: Middleware<DBCore> = {
      stack: "dbcore",
      name: "full-disk",
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return {
            ...table,
            mutate: (request) => {
              const hits =
                full &&
                name === "pages" &&
                request.type === "put" &&
                request.values.some((row) => (row as { uid: string }).uid === failingPage);
              return hits
                ? Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"))
                : table.mutate(request);
            },
          };
        },
      }),
    };
    e.db.use(fullDisk);
    const failure = await installPack(deps(e), fileSource(blobOf(pack))).catch((error: unknown) => error);
    expect(isQuotaExceeded(failure)).toBe(true);
    const stored = new Set((await e.db.pages.toCollection().primaryKeys()).map((key) => `page:${key}`));
    for (const key of failing.keys) expect(stored.has(key)).toBe(false);
    for (const key of [...(pageParts[0]?.keys ?? []), ...(pageParts[1]?.keys ?? [])])
      expect(stored.has(key)).toBe(true);
    const owner = await e.db.downloadItems.where("key").equals(`page:${failingPage}`).first();
    const failed = await e.db.downloads.get(owner?.download_id ?? "");
    expect(failed).toMatchObject({ status: "failed", error: "QUOTA_EXCEEDED" });
    expect(failed?.pack?.parts_done).not.toContain(failing.id);
    expect(failed?.pack?.parts_done).toContain(pageParts[1]?.id);
    for (const row of await e.db.downloads.toArray()) {
      const items = await e.db.downloadItems.where("download_id").equals(row.id).toArray();
      const done = items.filter((item) => item.state === "done");
      expect(row.items_done).toBe(done.length);
      expect(row.bytes_stored).toBe(done.reduce((n, item) => n + item.bytes, 0));
      for (const item of items) if (failing.keys.includes(item.key)) expect(item.state).toBe("waiting");
    }

    full = false;
    await installPack(deps(e), fileSource(blobOf(pack)));
    await expectInstalled(e);
    await e.engine.close();
  });
});
