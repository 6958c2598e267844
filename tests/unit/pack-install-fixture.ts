/**
 * For the pack install tests: a pack written (contract/pack-codec.ts) from the rows an item-by-item
 * download stored in a library (reel texts with their apparatus), with the index the search worker
 * exports for its reels; the library's contents to compare two libraries by; and a small HTTP
 * server that serves a pack with Range support and records the ranges it was asked for.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { expect } from "vitest";
import type { OfflinePlan, OfflinePlanRequest } from "../../contract/offline.ts";
import {
  apparatusOfRow,
  type StoredDownloadItem,
  type StoredReelText,
  unpackReelText,
} from "../../contract/offline-library.ts";
import type { PackDownload } from "../../contract/pack.ts";
import { createPackWriter, type PartInput } from "../../contract/pack-codec.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import { createFontStore, type FontStore } from "../../src/features/fonts/fontStore.ts";
import { type OfflineLibrary, openOfflineLibrary } from "../../src/offline/library/db.ts";
import {
  createDownloadManager,
  type DownloadManagerDeps,
} from "../../src/offline/library/downloadManager.ts";
import { packDownloadOf, parseItemKey } from "../../src/offline/library/items.ts";
import { isRowKind, rowAccess } from "../../src/offline/library/rows.ts";
import type { VariantData } from "../../workers/search/api.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import type { PackIndex } from "../../workers/search/pack-index.ts";
import { type CanonServer, testNetwork } from "./offline-reading-rows.ts";

export const ROWS_PER_PART = 40;

/** A library in an IndexedDB of its own, and a search engine over it (no sync at start). */
export type Device = { idb: IDBFactory; db: OfflineLibrary; engine: SearchEngine; fonts: FontStore };

export function newDevice(): Device {
  const idb = new IDBFactory();
  return {
    idb,
    db: openOfflineLibrary({ indexedDB: idb, IDBKeyRange }),
    engine: createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now: () => Date.now() }),
    // The font cache opens the global (fake) IndexedDB: "fake-indexeddb/auto".
    fonts: createFontStore(),
  };
}

export const apiClient = (prefixUrl: string): ApiClient =>
  createApiClient({
    prefixUrl,
    tokens: { get: () => null, set: () => undefined, clear: () => undefined },
    events: createEmitter<ApiEvents>(),
    timeZone: () => "Asia/Shanghai",
  });

export function managerOf(device: Device, origin: string, extra: Partial<DownloadManagerDeps> = {}) {
  return createDownloadManager({
    api: apiClient(`${origin}/v1`),
    origin,
    now: () => Date.now(),
    db: device.db,
    network: testNetwork(true),
    fonts: {
      store: device.fonts,
      // Every char counts as drawn by an installed font: no subset is asked for.
      installed: () => true,
      fetchSubset: () => Promise.reject(new Error("no font subset expected")),
    },
    ...extra,
  });
}

export const planOf = (server: CanonServer, tripitakaUid: string, body: OfflinePlanRequest) =>
  server.result<OfflinePlan>("POST", `/v1/tripitaka/${tripitakaUid}/offline/plan`, { body });

/** Downloads a plan item by item (or from its pack) and expects it complete. */
export async function download(
  device: Device,
  origin: string,
  plan: OfflinePlan,
  extra: Partial<DownloadManagerDeps> = {},
): Promise<string> {
  const manager = managerOf(device, origin, extra);
  const started = await manager.start(plan);
  await manager.settled(started.id);
  expect(await device.db.downloads.get(started.id)).toMatchObject({ status: "complete", error: null });
  return started.id;
}

export const variantsOf = async (server: CanonServer): Promise<VariantData> => {
  const answer = await server.result<{ hash: string; pairs: [string, string][] | null }>(
    "GET",
    "/v1/search/variants",
  );
  return { hash: answer.hash, pairs: answer.pairs ?? [] };
};

export type PackFont = { key: string; fontName: string; chars: string; data: Uint8Array };

const withoutStoredAt = (row: unknown) => {
  const { stored_at: _at, ...rest } = row as { stored_at: number };
  return rest;
};

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * A pack of the complete downloads `ids` of `db`: rows in parts of ROWS_PER_PART by kind, each
 * file and font subset a part, then the index (variants, docs, texts, one part per segment).
 */
export async function packOfLibrary(
  db: OfflineLibrary,
  ids: readonly string[],
  options: { canonVersions: Record<string, string>; index?: PackIndex; fonts?: PackFont[] },
): Promise<{ bytes: Uint8Array; manifestSha256: string }> {
  const chunks: Uint8Array[] = [];
  const writer = await createPackWriter({ write: async (bytes) => void chunks.push(bytes) });
  const downloads: PackDownload[] = [];
  const items = new Map<string, StoredDownloadItem>();
  for (const id of ids) {
    const download = await db.downloads.get(id);
    if (!download) throw new Error(`no download ${id}`);
    const listed = await db.downloadItems.where("download_id").equals(id).toArray();
    for (const item of listed) items.set(item.key, item);
    downloads.push(
      packDownloadOf(download, [
        ...listed.map((item) => item.key),
        ...(options.fonts ?? []).map((font) => font.key),
      ]),
    );
  }
  const order = ["tripitaka", "books", "sutra", "catalog", "reel_text", "page"] as const;
  for (const kind of order) {
    const list = [...items.values()].filter((item) => item.kind === kind);
    const access = rowAccess[kind];
    for (let i = 0; i < list.length; i += ROWS_PER_PART) {
      const part = list.slice(i, i + ROWS_PER_PART);
      const keys = part.map((item) => access.primaryKey(item));
      const stored: unknown[] = await access.table(db).bulkGet(keys);
      // A pack carries a reel text with its reel unpacked.
      const rows =
        kind === "reel_text" ? await Promise.all((stored as StoredReelText[]).map(unpackReelText)) : stored;
      const input: PartInput = {
        kind,
        keys: part.map((item) => item.key),
        item_bytes: part.map((item) => (access.sized ? item.bytes : 0)),
      };
      // A reel text goes with its apparatus, as the device's export carries it.
      const apparatus =
        kind === "reel_text"
          ? await Promise.all(
              (await db.apparatus.bulkGet(keys as [string, TxtType][])).map((row) =>
                row ? apparatusOfRow(row) : null,
              ),
            )
          : undefined;
      await writer.addJson(input, { rows: rows.map(withoutStoredAt), ...(apparatus ? { apparatus } : {}) });
    }
  }
  for (const item of items.values()) {
    if (item.kind !== "blob" || !isRowKind(item.kind)) continue;
    const row = await db.blobs.get(parseItemKey(item.key).id);
    if (!row) throw new Error(`no file ${item.key}`);
    await writer.addBytes(
      { kind: "blob", keys: [item.key], item_bytes: [item.bytes], content_type: row.blob.type },
      new Uint8Array(await row.blob.arrayBuffer()),
    );
  }
  for (const font of options.fonts ?? []) {
    await writer.addBytes(
      {
        kind: "fonts",
        keys: [font.key],
        item_bytes: [font.data.length],
        content_type: font.fontName,
        chars: font.chars,
      },
      font.data,
    );
  }
  const index = options.index;
  if (index) {
    const none = { kind: "index" as const, keys: [], item_bytes: [] };
    await writer.addJson({ ...none, index: "variants" }, index.variants);
    await writer.addJson({ ...none, index: "docs" }, index.docs);
    for (let i = 0; i < index.texts.length; i += 30)
      await writer.addJson({ ...none, index: "texts" }, index.texts.slice(i, i + 30));
    for (const segment of index.segments) await writer.addJson({ ...none, index: "segment" }, segment);
  }
  const { manifestSha256 } = await writer.finish({
    made_by: "device",
    created_at: Date.UTC(2026, 0, 3),
    canon_versions: options.canonVersions,
    downloads,
    index: index ? { format: index.format, folding: index.variants.hash, reels: index.docs.length } : null,
  });
  return { bytes: concat(chunks), manifestSha256 };
}

/** Every row of the library (files as size, type and bytes), `stored_at` left out, in key order. */
export async function libraryContents(db: OfflineLibrary): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) {
    if (table.name === "downloads" || table.name === "downloadItems") continue;
    const rows = await table.toArray();
    out[table.name] = await Promise.all(
      rows.map(async (row) => {
        const rest = withoutStoredAt(row) as Record<string, unknown>;
        if (rest.blob instanceof Blob) {
          const blob = rest.blob;
          rest.blob = {
            size: blob.size,
            type: blob.type,
            bytes: [...new Uint8Array(await blob.arrayBuffer())],
          };
        }
        return rest;
      }),
    );
  }
  out.items = (await db.downloadItems.toArray()).map((item) => ({ ...item }));
  out.downloads = (await db.downloads.toArray()).map((download) => ({
    id: download.id,
    status: download.status,
    error: download.error,
    items_total: download.items_total,
    items_done: download.items_done,
    bytes_stored: download.bytes_stored,
  }));
  return out;
}

export type PackServer = {
  url(name: string): string;
  /** The ranges asked for, as `first-last`, by file name. */
  ranges: Map<string, string[]>;
  /** From the `n`-th range request on, connections are dropped unanswered (null: never). */
  dropFrom(n: number | null): void;
  close(): Promise<void>;
};

/** Serves `files` with Range support (206 and Content-Range); any other name is a 404. */
export async function servePacks(files: ReadonlyMap<string, Uint8Array>): Promise<PackServer> {
  const ranges = new Map<string, string[]>();
  let asked = 0;
  let dropFrom: number | null = null;
  const server = createServer((request, response) => {
    if (dropFrom !== null && ++asked >= dropFrom) {
      request.socket.destroy();
      return;
    }
    const name = (request.url ?? "/").slice(1);
    const file = files.get(name);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
    if (!match) {
      response.writeHead(200, { "content-length": file.length }).end(Buffer.from(file));
      return;
    }
    const first = Number(match[1]);
    const last = Math.min(Number(match[2]), file.length - 1);
    ranges.set(name, [...(ranges.get(name) ?? []), `${first}-${last}`]);
    response
      .writeHead(206, {
        "content-range": `bytes ${first}-${last}/${file.length}`,
        "content-length": last - first + 1,
        "accept-ranges": "bytes",
      })
      .end(Buffer.from(file.subarray(first, last + 1)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    ranges,
    dropFrom(n) {
      asked = 0;
      dropFrom = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
