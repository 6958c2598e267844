/**
 * What the offline search worker offers the app (through Comlink): the same answers as
 * `POST /v1/tripitaka/{uid}/search` and `.../match_count`, over the reels of the offline library.
 * Plain types only, shared by the worker and its one client (src/offline/search).
 */
import type { PackEncoding } from "../../contract/pack.ts";
import type { HitStats, SearchRequest, SearchResult } from "../../contract/search.ts";
import type { DocText, IndexedDoc, SavedSegment } from "./databases.ts";

/** A custom group of the signed-in reader, in the reader's order: what `sutra_group_names` refers to. */
export type LocalGroup = { name: string; sutra_uids: readonly string[] };

/** Who asks: the tripitaka searched, and the reader's groups (none when signed out). */
export type LocalScope = { tripitakaUid: string; groups: readonly LocalGroup[] };

/** The answer, or the error code the server would give for the same request (400: bad request). */
export type LocalAnswer<T> = { ok: true; result: T } | { ok: false; code: 400; message: string };

/** The variant-character pairs the server folds with (GET /v1/search/variants), and their hash. */
export type VariantData = { hash: string; pairs: readonly (readonly [string, string])[] };

export type IndexState = "loading" | "indexing" | "ready";

/** The search index as a pack carries it (pack-index.ts builds it). */
export type PackIndex = {
  format: number;
  variants: VariantData;
  docs: IndexedDoc[];
  texts: DocText[];
  segments: SavedSegment[];
};

/** A segment part of a pack as it is stored there, verified but not decoded: the worker decodes it. */
export type StoredSegmentPart = { encoding: PackEncoding; bytes: Uint8Array };

/**
 * A pack's index handed over to be merged: its segments decoded, or as the pack stores them (an
 * installer hands those over untouched, so a segment is decoded once, in the worker). A piece of
 * a pack holds the docs of its segments only.
 */
export type PackIndexToAdopt = Omit<PackIndex, "segments" | "texts"> & {
  segments: (SavedSegment | StoredSegmentPart)[];
};

export type IndexStatus = {
  state: IndexState;
  /** Reels indexed, by tripitaka, and their searchable chars. */
  reels: number;
  chars: number;
  tripitakas: Record<string, number>;
  /** Hash of the variant data the folding uses; "" when none has been fetched yet. */
  variants: string;
  /** What this worker did since it started: reels read from the saved index, indexed, dropped. */
  work: { loaded: number; indexed: number; dropped: number; segmentsBuilt: number };
};

export type SearchApi = {
  status(): Promise<IndexStatus>;
  /**
   * Brings the index in step with the offline library: reels added since are indexed, removed ones
   * dropped. With `variants` (newer than the folding in use) everything is folded and indexed again.
   */
  sync(variants?: VariantData | null): Promise<IndexStatus>;
  /**
   * Merges the search index of an installed pack (its docs' `forms` set to the library rows'
   * `stored_at`): the reels of each segment taken whole are searchable at once, without being
   * indexed again; the others, and those of a pack folded otherwise than a non-empty index, are
   * indexed by the next sync.
   */
  adoptPackIndex(index: PackIndexToAdopt): Promise<IndexStatus>;
  /** The index of these reels (those indexed) as a pack carries it, for a device's export. */
  exportPackIndex(reelUids: string[]): Promise<PackIndex>;
  /** The status once the syncs under way (if any) have ended. */
  settled(): Promise<IndexStatus>;
  search(scope: LocalScope, request: SearchRequest): Promise<LocalAnswer<SearchResult>>;
  matchCount(scope: LocalScope, request: SearchRequest): Promise<LocalAnswer<HitStats>>;
};
