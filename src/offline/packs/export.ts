/**
 * Exports part of the offline library as a pack made by this device (layout in contract/pack.ts):
 * the rows read from IndexedDB a few hundred at a time and written as gzip'd parts of a few MB
 * (reel texts with their apparatus), each file and font subset as a part of its own, then the
 * search index the worker already holds for the exported reels, then the manifest. Each part goes
 * to the sink as soon as it is made, so the pack is never whole in memory.
 */

import {
  apparatusOfRow,
  contentTypeOf,
  type DownloadItemKind,
  type StoredReelText,
  unpackReelText,
} from "../../../contract/offline-library.ts";
import type { PackManifest, PackRowsPayload } from "../../../contract/pack.ts";
import { createPackWriter, type PackSink } from "../../../contract/pack-codec.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { PackIndex } from "../../../workers/search/pack-index.ts";
import type { FontStore } from "../../features/fonts/fontStore.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { parseItemKey } from "../library/items.ts";
import { isRowKind, rowAccess } from "../library/rows.ts";
import {
  ExportError,
  type ExportItem,
  type ExportPlan,
  type ExportSelection,
  planExport,
} from "./exportSelection.ts";

export type ExportDeps = {
  db: OfflineLibrary;
  fonts: FontStore;
  /** The search worker's index of the exported reels; without it the pack carries no index. */
  search?: { exportPackIndex(reelUids: string[]): Promise<PackIndex> };
  now(): number;
};

export type ExportPhase = "rows" | "files" | "fonts" | "index" | "done";

export type ExportProgress = {
  phase: ExportPhase;
  items_done: number;
  items_total: number;
  /** Item bytes (as the library counts them) written so far, and in all. */
  bytes_done: number;
  bytes_total: number;
  /** Bytes of the pack written so far. */
  written: number;
};

export type ExportOptions = {
  signal?: AbortSignal;
  onProgress?(progress: ExportProgress): void;
  /** The pack's date (also in its file name); now by default. */
  createdAt?: number;
  /** A plan already worked out for the selection (the dialog shows its size first). */
  plan?: ExportPlan;
};

export type ExportResult = { manifest: PackManifest; manifestSha256: string; bytes: number };

/** Rows per part at most, and bytes of rows (as the library counts them) per part at most. */
export const ROWS_PER_PART = 500;
export const PART_BYTES = 4 * 1024 * 1024;
/** Index texts per part stop growing past this many chars. */
const INDEX_PART_CHARS = 2 * 1024 * 1024;

function rowParts(items: readonly ExportItem[]): ExportItem[][] {
  const parts: ExportItem[][] = [];
  let current: ExportItem[] = [];
  let bytes = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= ROWS_PER_PART || bytes + item.bytes > PART_BYTES)) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.bytes;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

function chunked<T>(list: readonly T[], size: (value: T) => number, max: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let total = 0;
  for (const value of list) {
    if (current.length > 0 && total + size(value) > max) {
      out.push(current);
      current = [];
      total = 0;
    }
    current.push(value);
    total += size(value);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** `work`, or the abort of `signal` if it comes first (a search worker that never answers is left). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** The library row without the date it was stored on this device. */
function packRow(row: unknown): unknown {
  const { stored_at: _storedAt, ...rest } = row as { stored_at?: number };
  return rest;
}

/** A reel text part's payload: its rows, and each one's apparatus as the pack carries it. */
async function withApparatus(
  db: OfflineLibrary,
  texts: readonly (StoredReelText | undefined)[],
): Promise<PackRowsPayload> {
  const stored = await db.apparatus.bulkGet(
    texts.map((text): [string, TxtType] => [text?.reel_uid ?? "", text?.txt_type ?? "std_txt"]),
  );
  const apparatus = await Promise.all(stored.map((row) => (row ? apparatusOfRow(row) : null)));
  const rows = await Promise.all(texts.map(async (text) => text && packRow(await unpackReelText(text))));
  return { rows, apparatus };
}

export async function exportPack(
  deps: ExportDeps,
  selection: ExportSelection,
  sink: PackSink,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const { db } = deps;
  const { signal } = options;
  const plan = options.plan ?? (await planExport(db, deps.fonts, selection));
  let written = 0;
  const counted: PackSink = {
    async write(bytes) {
      signal?.throwIfAborted();
      await sink.write(bytes);
      written += bytes.length;
    },
  };
  const writer = await createPackWriter(counted);
  const progress: ExportProgress = {
    phase: "rows",
    items_done: 0,
    items_total: plan.items.length,
    bytes_done: 0,
    bytes_total: plan.bytes,
    written: 0,
  };
  const report = (phase: ExportPhase, items: readonly ExportItem[] = []) => {
    progress.phase = phase;
    progress.items_done += items.length;
    progress.bytes_done += items.reduce((n, item) => n + item.bytes, 0);
    progress.written = written;
    options.onProgress?.({ ...progress });
  };
  report("rows");

  const byKind = new Map<DownloadItemKind, ExportItem[]>();
  for (const item of plan.items) {
    const list = byKind.get(item.kind) ?? [];
    list.push(item);
    byKind.set(item.kind, list);
  }
  for (const [kind, items] of byKind) {
    if (!isRowKind(kind) || kind === "blob") continue;
    const access = rowAccess[kind];
    for (const part of rowParts(items)) {
      signal?.throwIfAborted();
      const rows = await access
        .table(db)
        .bulkGet(part.map((item) => access.primaryKey({ ...item, download_id: "", state: "done" })));
      const missing = part.filter((_, at) => rows[at] === undefined);
      if (missing.length > 0)
        throw new ExportError("MISSING_ROWS", `not stored: ${missing.map((item) => item.key).join(", ")}`);
      await writer.addJson(
        { kind, keys: part.map((item) => item.key), item_bytes: part.map((item) => item.bytes) },
        kind === "reel_text"
          ? await withApparatus(db, rows as (StoredReelText | undefined)[])
          : { rows: rows.map(packRow) },
      );
      report("rows", part);
    }
  }

  for (const item of byKind.get("blob") ?? []) {
    signal?.throwIfAborted();
    const path = parseItemKey(item.key).id;
    const row = await db.blobs.get(path);
    if (!row) throw new ExportError("MISSING_ROWS", `not stored: ${item.key}`);
    const bytes = new Uint8Array(await row.blob.arrayBuffer());
    await writer.addBytes(
      {
        kind: "blob",
        keys: [item.key],
        item_bytes: [item.bytes],
        content_type: row.blob.type || contentTypeOf(path),
      },
      bytes,
    );
    report("files", [item]);
  }

  for (const item of byKind.get("fonts") ?? []) {
    signal?.throwIfAborted();
    const record = plan.fonts.get(item.key);
    if (!record) continue;
    await writer.addBytes(
      {
        kind: "fonts",
        keys: [item.key],
        item_bytes: [item.bytes],
        content_type: record.fontName,
        chars: record.chars,
      },
      new Uint8Array(record.data),
    );
    report("fonts", [item]);
  }

  const reelUids = [...new Set((byKind.get("reel_text") ?? []).map((item) => parseItemKey(item.key).id))];
  let index: PackManifest["index"] = null;
  if (deps.search && reelUids.length > 0) {
    report("index");
    const built = await unlessAborted(deps.search.exportPackIndex(reelUids), signal);
    const none = { keys: [], item_bytes: [] };
    await writer.addJson({ kind: "index", index: "variants", ...none }, built.variants);
    for (const docs of chunked(built.docs, () => 1, ROWS_PER_PART * 10))
      await writer.addJson({ kind: "index", index: "docs", ...none }, docs);
    for (const texts of chunked(built.texts, (text) => text.text.length, INDEX_PART_CHARS))
      await writer.addJson({ kind: "index", index: "texts", ...none }, texts);
    for (const segment of built.segments) {
      signal?.throwIfAborted();
      await writer.addJson({ kind: "index", index: "segment", ...none }, segment);
    }
    index = { format: built.format, folding: built.variants.hash, reels: built.docs.length };
  }

  const result = await writer.finish({
    made_by: "device",
    created_at: options.createdAt ?? deps.now(),
    canon_versions: plan.canon_versions,
    downloads: plan.downloads,
    index,
  });
  progress.written = written;
  report("done");
  return result;
}
