/**
 * The files of local storage as `/storage/…` serves them: small files (page scans, thumbnails,
 * crops, avatars) are kept in memory, least recently used first out within a byte budget; larger
 * ones are only looked up, to be streamed from disk.
 *
 * Every lookup stats the file and a kept copy is served only while the file is the one it was read
 * from (same inode, size, modification and change times). The storage folder is written by more
 * than this process (the importer, other server processes sharing it), so invalidating from this
 * process's own writes would not be enough; and the file is replaced by a rename on every write
 * (local.ts), which gives it a new inode.
 *
 * The file system is used synchronously: under load every asynchronous call waits a turn of the
 * event loop (tens of milliseconds), and streaming a scan in 16 KiB reads took a dozen turns,
 * while a stat, or a read of a file of at most 1 MiB from the page cache, takes microseconds; the
 * SQLite database on the same disk is read synchronously too.
 */
import { closeSync, fstatSync, openSync, readFileSync, type Stats, statSync } from "node:fs";
import { extname, join } from "node:path";

/** A file in memory with what its answer needs. */
export type CachedFile = {
  kind: "cached";
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: string;
};

/** A file too large to keep, to be streamed from `path`. */
export type LargeFile = Omit<CachedFile, "kind" | "body"> & { kind: "large"; path: string; size: number };

export type LocalFile = CachedFile | LargeFile;

export type LocalFileCacheLimits = {
  /** Larger files are streamed from disk, not kept. */
  maxFileBytes: number;
  /** What all kept files may add up to. */
  maxTotalBytes: number;
};

export const DEFAULT_FILE_CACHE_LIMITS: LocalFileCacheLimits = {
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 96 * 1024 * 1024,
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

export const contentTypeOf = (path: string): string =>
  CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";

/** What tells one version of a file from another under the same path. */
type FileVersion = { ino: number; size: number; mtimeMs: number; ctimeMs: number };

const versionOf = (stats: Stats): FileVersion => ({
  ino: stats.ino,
  size: stats.size,
  mtimeMs: stats.mtimeMs,
  ctimeMs: stats.ctimeMs,
});

const sameVersion = (a: FileVersion, b: FileVersion): boolean =>
  a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/** The validators @fastify/static gave the same file, so that browsers' copies stay valid. */
function validatorsOf(stats: Stats): { etag: string; lastModified: string } {
  return {
    etag: `W/"${stats.size.toString(16)}-${Math.trunc(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime.toUTCString(),
  };
}

const largeFile = (path: string, stats: Stats): LargeFile => ({
  kind: "large",
  path,
  size: stats.size,
  contentType: contentTypeOf(path),
  ...validatorsOf(stats),
});

const MISSING_FILE_CODES = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);

function statIfFile(path: string): Stats | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : null;
  } catch (error) {
    if (MISSING_FILE_CODES.has((error as NodeJS.ErrnoException).code ?? "")) return null;
    throw error;
  }
}

type Entry = { file: CachedFile; version: FileVersion };

export class LocalFileCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  constructor(
    private readonly root: string,
    private readonly limits: LocalFileCacheLimits = DEFAULT_FILE_CACHE_LIMITS,
  ) {}

  /** Bytes held now, for tests. */
  get heldBytes(): number {
    return this.totalBytes;
  }

  /** The file under a checked storage key, or null when there is none. */
  lookup(key: string): LocalFile | null {
    const path = join(this.root, key);
    const stats = statIfFile(path);
    if (!stats) {
      this.forget(key);
      return null;
    }
    const entry = this.entries.get(key);
    if (entry && sameVersion(entry.version, versionOf(stats))) {
      // Map order is the recency order: move the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.file;
    }
    this.forget(key);
    if (stats.size > this.limits.maxFileBytes) return largeFile(path, stats);
    return this.load(key, path);
  }

  /** Reads the file and keeps it, with the version of the very file read (it may have been replaced since the stat). */
  private load(key: string, path: string): LocalFile | null {
    let descriptor: number;
    try {
      descriptor = openSync(path, "r");
    } catch (error) {
      if (MISSING_FILE_CODES.has((error as NodeJS.ErrnoException).code ?? "")) return null;
      throw error;
    }
    try {
      const stats = fstatSync(descriptor);
      if (!stats.isFile()) return null;
      if (stats.size > this.limits.maxFileBytes) return largeFile(path, stats);
      const body = readFileSync(descriptor);
      const file: CachedFile = {
        kind: "cached",
        body,
        contentType: contentTypeOf(path),
        ...validatorsOf(stats),
      };
      // A file written in place while it was read is served as read but not kept.
      if (body.length === stats.size) this.keep(key, { file, version: versionOf(stats) });
      return file;
    } finally {
      closeSync(descriptor);
    }
  }

  private keep(key: string, entry: Entry): void {
    if (entry.file.body.length > this.limits.maxTotalBytes) return;
    this.entries.set(key, entry);
    this.totalBytes += entry.file.body.length;
    for (const [oldestKey] of this.entries) {
      if (this.totalBytes <= this.limits.maxTotalBytes) break;
      this.forget(oldestKey);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.file.body.length;
  }
}
