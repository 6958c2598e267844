/**
 * Installing a pack into the offline library, from a file chosen on disk or from the server: the
 * pack's downloads are saved as the item-by-item download saves a plan's, then each part is read,
 * checked against its sha256 before anything is decoded from it, and written with its items and
 * the downloads' progress in one transaction, so a crash or a full disk between parts leaves the
 * library consistent and a second call goes on from the parts already written. Font subsets go to
 * the font cache; the search index the pack carries is handed to the search worker, which merges
 * it instead of indexing the reels again.
 *
 * A pack is refused before anything is written when it is not a pack, of a newer format, cut
 * short, or of another canon version than the downloads of its tripitakas already here. A file is
 * checked whole first (part by part) so a corrupted file leaves the library as it was; a pack read
 * from the server is checked part by part as it arrives (its manifest's sum came with the plan).
 */

import { FONT_CACHE_VERSION } from "../../../contract/font-chars.ts";
import { downloadIdOf, type StoredDownload } from "../../../contract/offline-library.ts";
import { PackError, type PackManifest, type PackPart, verifyPart } from "../../../contract/pack.ts";
import { partBytes } from "../../../contract/pack-codec.ts";
import type { PackIndexToAdopt } from "../../../workers/search/api.ts";
import { isAbort } from "../../api/errors.ts";
import type { FontStore } from "../../features/fonts/fontStore.ts";
import { isQuotaExceeded, type OfflineLibrary } from "../library/db.ts";
import { ItemInvalidError } from "../library/fetchItems.ts";
import { parseItemKey } from "../library/items.ts";
import { advance, endPackInstall, type PackRow, storePackPart } from "../library/mutations.ts";
import { checkDownloads, checkVersions } from "./installChecks.ts";
import { adoptFonts, saveDownloads } from "./installDownloads.ts";
import { indexForLibrary, packIndexPieces, writtenKey } from "./installIndex.ts";
import { type KeyOwner, rowsOfPart } from "./installRows.ts";
import { manifestSha256, readPackManifest } from "./manifest.ts";
import type { PackSource } from "./source.ts";

export { readPackManifest };

export type PackInstallDeps = {
  db: OfflineLibrary;
  fonts: FontStore;
  /** The search worker (its client in the app, the engine itself in tests). */
  search: { adoptPackIndex(index: PackIndexToAdopt): Promise<unknown> };
  now(): number;
};

export type PackProgress = {
  phase: "checking" | "writing" | "index" | "done";
  parts_done: number;
  parts_total: number;
  bytes_done: number;
  bytes_total: number;
};

export type PackInstallOptions = {
  signal?: AbortSignal;
  onProgress?(progress: PackProgress): void;
  /** The manifest, when already read (readPackManifest) from this source. */
  manifest?: PackManifest;
  /**
   * The pack's URL when it comes from the server: its parts are then checked as they arrive, and
   * the caller (the download manager) records how a failed install ends. Without it the source is
   * a file: checked whole before anything is written, and a stopped or failed install is recorded
   * on its downloads (paused, or failed with its code).
   */
  url?: string;
  /** Set false to leave the downloads `downloading` for the caller to finish (fonts, final check). */
  complete?: boolean;
};

const abortError = () => new DOMException("The install was stopped.", "AbortError");

function progress(options: PackInstallOptions, phase: PackProgress["phase"], parts: readonly PackPart[]) {
  const state: PackProgress = {
    phase,
    parts_done: 0,
    parts_total: parts.length,
    bytes_done: 0,
    bytes_total: parts.reduce((n, part) => n + part.bytes, 0),
  };
  options.onProgress?.({ ...state });
  return (part: PackPart) => {
    state.parts_done += 1;
    state.bytes_done += part.bytes;
    options.onProgress?.({ ...state });
  };
}

/** The keys still waiting in the install's downloads, and the tripitaka of each key's download. */
async function openKeys(db: OfflineLibrary, ids: readonly string[]) {
  const waiting = new Set<string>();
  const tripitakaOf = new Map<string, string>();
  const partsDone = new Set<number>();
  for (const id of ids) {
    const download = await db.downloads.get(id);
    for (const part of download?.pack?.parts_done ?? []) partsDone.add(part);
    for (const item of await db.downloadItems.where("download_id").equals(id).toArray()) {
      if (item.state === "waiting") waiting.add(item.key);
      if (download && !tripitakaOf.has(item.key)) tripitakaOf.set(item.key, download.tripitaka_uid);
    }
  }
  return { waiting, tripitakaOf, partsDone };
}

async function fontRow(deps: PackInstallDeps, part: PackPart, stored: Uint8Array): Promise<PackRow> {
  const key = part.keys[0] ?? "";
  const subset = parseItemKey(key).id;
  const fontName = part.content_type ?? subset.slice(0, subset.indexOf(":"));
  const data = await partBytes(part, stored);
  if (data.length === 0 || !subset.startsWith(`${fontName}:`))
    throw new ItemInvalidError(`${key}: not a font subset of ${fontName}`);
  await deps.fonts.save({
    key: subset,
    fontName,
    chars: part.chars ?? subset.slice(fontName.length + 1),
    data: data.slice().buffer as ArrayBuffer,
    version: FONT_CACHE_VERSION,
  });
  return { key, kind: "fonts", row: null, bytes: data.length };
}

/** One install under way: the pack it reads, the downloads it writes (`ids`), and when its rows are stored. */
type PackRun = {
  deps: PackInstallDeps;
  source: PackSource;
  manifest: PackManifest;
  ids: readonly string[];
  options: PackInstallOptions;
  storedAt: number;
};

async function writeParts({ deps, source, manifest, ids, options, storedAt }: PackRun): Promise<void> {
  const parts = manifest.parts.filter((part) => part.kind !== "index");
  const { waiting, tripitakaOf, partsDone } = await openKeys(deps.db, ids);
  const owner: KeyOwner = (key) => ({ tripitakaUid: tripitakaOf.get(key) ?? "", wanted: waiting.has(key) });
  const step = progress(options, "writing", parts);
  const wanted = (part: PackPart) => !partsDone.has(part.id) && part.keys.some((key) => waiting.has(key));
  // The next part is read while this one is written: over the network the two overlap.
  const reads = new Map<number, Promise<Uint8Array>>();
  const read = (part: PackPart | undefined) => {
    if (!part || reads.has(part.id) || !wanted(part)) return;
    const reading = source.read(part.offset, part.bytes, options.signal);
    reading.catch(() => undefined);
    reads.set(part.id, reading);
  };
  for (const [at, part] of parts.entries()) {
    options.signal?.throwIfAborted();
    if (wanted(part)) {
      read(part);
      const stored = await (reads.get(part.id) as Promise<Uint8Array>);
      reads.delete(part.id);
      read(parts.slice(at + 1).find(wanted));
      await verifyPart(part, stored);
      const rows =
        part.kind === "fonts"
          ? [await fontRow(deps, part, stored)]
          : await rowsOfPart(part, stored, owner, storedAt);
      options.signal?.throwIfAborted();
      if (!(await storePackPart(deps.db, ids, part.id, rows, deps.now()))) throw abortError();
      for (const row of rows) waiting.delete(row.key);
    }
    step(part);
  }
}

/**
 * Hands the pack's index, fitted to what the library holds once the install is done, to the search
 * worker, a segment at a time. It runs beside the writing of the rows (the worker's sync leaves a
 * download's reels alone while its pack installs), so the two take the time of the longer, not of
 * both.
 */
async function adoptIndex({ deps, source, manifest, ids, options, storedAt }: PackRun): Promise<void> {
  const parts = manifest.parts.filter((part) => part.kind === "index");
  const installs = await reelTextsOf(deps.db, ids, manifest);
  for await (const piece of packIndexPieces(source, manifest, parts, options.signal)) {
    const fitted = await indexForLibrary(deps.db, piece, installs, storedAt);
    if (fitted.docs.length === 0) continue;
    try {
      await deps.search.adoptPackIndex(fitted);
    } catch {
      // The texts are stored: the search worker's next sync indexes them instead.
      return;
    }
  }
}

/**
 * The reel texts this install writes, by `writtenKey`: those still waiting, and those an earlier run
 * of it wrote (in its parts done); not those another download stored, which keep their `stored_at`.
 */
async function reelTextsOf(
  db: OfflineLibrary,
  ids: readonly string[],
  manifest: PackManifest,
): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const id of ids) {
    const done = new Set((await db.downloads.get(id))?.pack?.parts_done ?? []);
    const written = new Set(manifest.parts.filter((part) => done.has(part.id)).flatMap((part) => part.keys));
    for (const item of await db.downloadItems.where("download_id").equals(id).toArray()) {
      if (item.kind !== "reel_text" || (item.state === "done" && !written.has(item.key))) continue;
      const { id: reel, txtType } = parseItemKey(item.key);
      if (txtType) keys.add(writtenKey(reel, txtType));
    }
  }
  return keys;
}

/** A file install that stops is paused; one that fails records its code on its downloads. */
async function recordEnd(deps: PackInstallDeps, ids: readonly string[], error: unknown): Promise<void> {
  const aborted = isAbort(error);
  const code = aborted
    ? null
    : isQuotaExceeded(error)
      ? "QUOTA_EXCEEDED"
      : error instanceof PackError || error instanceof ItemInvalidError
        ? "ITEM_INVALID"
        : "1000";
  for (const id of ids) {
    await advance(deps.db, id, aborted ? "paused" : "failed", deps.now(), code).catch(() => undefined);
  }
}

/**
 * Runs `work` holding the Web Locks the download manager takes per download, so that a manager
 * resuming downloads (back online) leaves alone those a file install is writing.
 */
async function holding<T>(ids: readonly string[], work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  const names = [...new Set(ids)].sort().map((id) => `canon-offline:${id}`);
  const next = async (at: number): Promise<T> => {
    const name = names[at];
    if (name === undefined) return work();
    let result: { value: T } | null = null;
    await locks.request(name, async () => {
      result = { value: await next(at + 1) };
    });
    return (result as { value: T } | null)?.value as T;
  };
  return next(0);
}

/** Installs the pack read from `source`; see the module's description. */
export async function installPack(
  deps: PackInstallDeps,
  source: PackSource,
  options: PackInstallOptions = {},
): Promise<{ downloads: StoredDownload[]; manifest: PackManifest }> {
  const { signal } = options;
  const manifest = options.manifest ?? (await readPackManifest(source, undefined, signal));
  const sha256 = await manifestSha256(manifest, source, signal);
  checkDownloads(manifest);
  await checkVersions(deps.db, manifest, sha256);
  const fromFile = options.url === undefined;
  const ids = manifest.downloads.map((entry) => downloadIdOf(entry.tripitaka_uid, entry.scope));
  if (fromFile) {
    const done = new Set(
      (await deps.db.downloads.bulkGet(ids)).flatMap((d) =>
        d?.pack?.manifest_sha256 === sha256 ? d.pack.parts_done : [],
      ),
    );
    const unchecked = manifest.parts.filter((part) => !done.has(part.id));
    const step = progress(options, "checking", unchecked);
    for (const part of unchecked) {
      await verifyPart(part, await source.read(part.offset, part.bytes, signal));
      step(part);
    }
  }
  const earlier = (await deps.db.downloads.bulkGet(ids)).find(
    (download) => download?.pack?.manifest_sha256 === sha256 && download.pack.stored_at !== undefined,
  );
  const storedAt = earlier?.pack?.stored_at ?? deps.now();
  const pack = {
    url: options.url ?? `file:${source.name}`,
    manifest_sha256: sha256,
    bytes: source.size,
    parts_done: [],
    stored_at: storedAt,
  };
  const install = async () => {
    const saved = await saveDownloads(deps, manifest, pack);
    try {
      await adoptFonts(deps, saved);
      const run: PackRun = { deps, source, manifest, ids: saved, options, storedAt };
      const adopting = adoptIndex(run);
      try {
        await writeParts(run);
      } finally {
        await adopting.catch(() => undefined);
      }
      progress(options, "index", []);
      await adopting;
    } catch (error) {
      if (fromFile) await recordEnd(deps, saved, signal?.aborted ? abortError() : error);
      throw error;
    }
    return endPackInstall(deps.db, saved, options.complete ?? true, deps.now());
  };
  // The download manager holds these locks itself while it installs a pack from the server.
  const downloads = await (fromFile ? holding(ids, install) : install());
  options.onProgress?.({
    phase: "done",
    parts_done: manifest.parts.length,
    parts_total: manifest.parts.length,
    bytes_done: manifest.content_bytes,
    bytes_total: manifest.content_bytes,
  });
  return { downloads, manifest };
}
