/**
 * Page scans and thumbnails kept by "download for offline", read in the service worker straight
 * from IndexedDB (`canon-offline`, store `blobs`, keyed by the path the server serves them under).
 * The app owns the database and its versions: the worker only opens what exists, never creates or
 * upgrades it, and lets go of it as soon as the app wants to upgrade.
 */
import { OFFLINE_LIBRARY_DB, type StoredBlob } from "../contract/offline-library.ts";

const BLOB_STORE = "blobs";

let connection: Promise<IDBDatabase | null> | null = null;

/** The existing database, or null when there is none yet (or it has no blobs store). */
function openExisting(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(OFFLINE_LIBRARY_DB);
    // Opening without a version creates a missing database: abort that, the app creates it.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(BLOB_STORE)) {
        db.close();
        resolve(null);
        return;
      }
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      db.onclose = () => {
        connection = null;
      };
      resolve(db);
    };
  });
}

async function database(): Promise<IDBDatabase | null> {
  connection ??= openExisting();
  const db = await connection;
  // A missing database is looked for again next time: the app may have created it meanwhile.
  if (!db) connection = null;
  return db;
}

function getBlob(db: IDBDatabase, path: string): Promise<StoredBlob | undefined> {
  return new Promise((resolve) => {
    try {
      const request = db.transaction(BLOB_STORE, "readonly").objectStore(BLOB_STORE).get(path);
      request.onsuccess = () => resolve(request.result as StoredBlob | undefined);
      request.onerror = () => resolve(undefined);
    } catch {
      // The connection closed between opening and reading (an upgrade began).
      resolve(undefined);
    }
  });
}

/**
 * The stored file for a pathname, as a response, or null. Paths are stored as the app got them,
 * which may be the percent-decoded form of what the request line carries.
 */
export async function storedBlobResponse(pathname: string): Promise<Response | null> {
  const db = await database();
  if (!db) return null;
  const decoded = safeDecode(pathname);
  const keys = decoded === pathname ? [pathname] : [pathname, decoded];
  for (const key of keys) {
    const stored = await getBlob(db, key);
    if (stored?.blob) {
      return new Response(stored.blob, {
        headers: {
          "content-type": stored.blob.type || "application/octet-stream",
          "content-length": String(stored.blob.size),
        },
      });
    }
  }
  return null;
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
