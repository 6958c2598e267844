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
}

const KEY_RE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_RE.test(key) || key.split("/").some((part) => part === ".." || part === ".")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
