/**
 * The posting lists a process read last, kept for the searches after it. Every search of a common
 * token reads its lists again: SQLite finds their pages in the process's own page cache, but
 * PostgreSQL sends them through a socket each time, tens of kilobytes as hex, which was a third of
 * a common phrase's search. Lists are kept by tripitaka slot, the slot's index version (catalogue.ts
 * reads it), form and token: a change to the slot's index counts a new version, and the slot's
 * lists of the version before are dropped when one of the new version is kept. Bounded by the
 * bytes held, the least recently used out first.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { IndexColumn } from "./index-columns.ts";
import type { PostingRow, PostingStore } from "./posting-store.ts";

/** Bytes of lists a process keeps. */
export const POSTING_CACHE_BYTES = 32 * 2 ** 20;
/** Bytes counted for a row besides its list. */
const ROW_BYTES = 64;

/** What is kept of a token: its lists, or a char's counts (char-counts.ts). */
export type CachedKind = "lists" | "counts";

type Entry = { rows: PostingRow[]; bytes: number };

export class PostingRowCache {
  /** Entries by `${slot}:${kind}:${column}:${token}`, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  /** The index version of each slot's entries. */
  private readonly versions = new Map<number, number>();
  private held = 0;

  constructor(private readonly maxBytes = POSTING_CACHE_BYTES) {}

  /** Bytes held. */
  get bytes(): number {
    return this.held;
  }

  /** The rows kept of a token read at `version`, if any. */
  get(slot: number, version: number, kind: CachedKind, column: IndexColumn, token: string) {
    if (this.versions.get(slot) !== version) return undefined;
    const key = `${slot}:${kind}:${column}:${token}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.rows;
  }

  /**
   * Keeps a token's rows as read at `version`; rows of an earlier version than the slot's entries
   * are not kept (a search that began before the change read them).
   */
  set(
    slot: number,
    version: number,
    kind: CachedKind,
    column: IndexColumn,
    token: string,
    rows: readonly PostingRow[],
  ): void {
    const known = this.versions.get(slot);
    if (known !== undefined && known > version) return;
    if (known !== version) {
      this.dropSlot(slot);
      this.versions.set(slot, version);
    }
    // Copied: a list may be a view of a larger buffer that would stay alive with it.
    const kept = rows.map((row) => ({ gram: row.gram, seg: row.seg, list: new Uint8Array(row.list) }));
    const bytes = kept.reduce((sum, row) => sum + row.list.byteLength + ROW_BYTES, 0);
    if (bytes > this.maxBytes / 4) return;
    const key = `${slot}:${kind}:${column}:${token}`;
    this.remove(key);
    this.entries.set(key, { rows: kept, bytes });
    this.held += bytes;
    for (const [oldest] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  private dropSlot(slot: number): void {
    const prefix = `${slot}:`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.remove(key);
  }
}

/** The reads a search makes of the index's rows (posting-store.ts), for one database. */
export type PostingReads = {
  lists(column: IndexColumn, slot: number, grams: readonly string[]): Promise<PostingRow[]>;
  prefixLists(column: IndexColumn, slot: number, ch: string): Promise<PostingRow[]>;
  charCounts(column: IndexColumn, slot: number, ch: string): Promise<PostingRow[]>;
};

/**
 * The store's reads through `cache` for a search of an index at `version` (without a cache or a
 * version, straight from the store). A char's own lists, read for a rare char alone, are not kept.
 */
export function readsThrough(
  store: PostingStore,
  db: Kysely<Database>,
  cache: PostingRowCache | null,
  version: number | undefined,
): PostingReads {
  const prefixLists = (column: IndexColumn, slot: number, ch: string) =>
    store.prefixLists(db, column, slot, ch);
  if (!cache || version === undefined)
    return {
      lists: (column, slot, grams) => store.lists(db, column, slot, grams),
      prefixLists,
      charCounts: (column, slot, ch) => store.charCounts(db, column, slot, ch),
    };
  return {
    async lists(column, slot, grams) {
      const rows: PostingRow[] = [];
      const missing: string[] = [];
      for (const gram of new Set(grams)) {
        const kept = cache.get(slot, version, "lists", column, gram);
        if (kept) rows.push(...kept);
        else missing.push(gram);
      }
      if (missing.length === 0) return rows;
      const read = await store.lists(db, column, slot, missing);
      for (const gram of missing) {
        const ofGram = read.filter((row) => row.gram === gram);
        cache.set(slot, version, "lists", column, gram, ofGram);
        rows.push(...ofGram);
      }
      return rows;
    },
    prefixLists,
    async charCounts(column, slot, ch) {
      const kept = cache.get(slot, version, "counts", column, ch);
      if (kept) return kept;
      const read = await store.charCounts(db, column, slot, ch);
      cache.set(slot, version, "counts", column, ch, read);
      return read;
    },
  };
}
