/**
 * Object storage for page images, thumbnails, crops, avatars and fonts. Keys are slash-separated
 * paths (`pages/QL/24/QL_24_17.jpg`) laid out as an object store would hold them; the server serves
 * them by the same path under `/storage/`.
 */
import type { Readable } from "node:stream";

/** An object with what serving it needs. */
export type StoredObject = { body: Buffer; contentType: string; etag: string | null };

export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes, or null when there is none (stores that lack it are read instead). */
  size?(key: string): Promise<number | null>;
  /** The object with its type, for stores the server serves itself (local files are served from disk). */
  read?(key: string): Promise<StoredObject | null>;
  /** Stores a local file under the key without reading it whole into memory (a pack); the file stays. */
  putFile?(key: string, file: string, contentType: string): Promise<void>;
  /** Bytes `start` to `end` (inclusive) of the object as a stream, or null when there is none. */
  readRange?(key: string, start: number, end: number): Promise<Readable | null>;
  /** Removes the object; nothing happens when there is none. */
  remove?(key: string): Promise<void>;
  /** The address a client fetches the object from. */
  urlFor(key: string): string;
  /** Presigned access to the store itself, for stores the browser may reach (S3-compatible ones). */
  presigned?: PresignedAccess;
}

/** How `/storage/…` answers on a store with presigned access. */
export const STORAGE_SERVE_MODES = ["proxy", "redirect"] as const;
export type StorageServeMode = (typeof STORAGE_SERVE_MODES)[number];

/** A form the browser posts straight to the store: its address and fields, the file added last. */
export type PresignedPost = { url: string; fields: Record<string, string> };

/** What a stored object is, without its bytes. */
export type ObjectHead = { size: number; contentType: string };

export interface PresignedAccess {
  /** "proxy": `/storage/…` reads objects through the server; "redirect": it answers 302 to a presigned GET. */
  serve: StorageServeMode;
  /** The key as the store names the object (under the site's prefix): what a presigned form carries. */
  objectKey(key: string): string;
  /**
   * A POST form for one object under `keyPrefix`, of 1 to `maxBytes` bytes and a Content-Type
   * starting with `typePrefix`, good for `expiresInSeconds`. The store refuses a form outside
   * these conditions; what it accepted is still checked by the server before it is used.
   */
  presignPost(input: {
    keyPrefix: string;
    maxBytes: number;
    typePrefix: string;
    expiresInSeconds: number;
  }): Promise<PresignedPost>;
  /** A GET address of the object signed at `signedAt` (ms), good for `expiresInSeconds` from then. */
  presignGet(key: string, signedAt: number, expiresInSeconds: number): Promise<string>;
  /** The object's size and type, or null when there is none. */
  head(key: string): Promise<ObjectHead | null>;
}

const KEY_RE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_RE.test(key) || key.split("/").some((part) => part === ".." || part === ".")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
