/**
 * Files kept for reading offline, read in the service worker straight from IndexedDB by the path
 * the server serves them under: page scans and thumbnails of "download for offline"
 * (`canon-offline`, store `blobs`), then the images of articles kept on this device
 * (`canon-articles`, store `images`). The app owns the databases and their versions: the worker
 * only opens what exists, never creates or upgrades it, and lets go of it as soon as the app wants
 * to upgrade.
 */
import { KEPT_IMAGES_STORE, OFFLINE_ARTICLES_DB } from "../contract/offline-articles.ts";
import { OFFLINE_LIBRARY_DB } from "../contract/offline-library.ts";

type FileStore = { db: string; store: string };

const FILE_STORES: readonly FileStore[] = [
  { db: OFFLINE_LIBRARY_DB, store: "blobs" },
  { db: OFFLINE_ARTICLES_DB, store: KEPT_IMAGES_STORE },
];

/** A stored file row of either store: both keep the file as `blob`. */
type StoredFile = { blob?: Blob };

const connections = new Map<string, Promise<IDBDatabase | null>>();

/** The existing database, or null when there is none yet (or it has no such store). */
function openExisting({ db: name, store }: FileStore): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    // Opening without a version creates a missing database: abort that, the app creates it.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(store)) {
        db.close();
        resolve(null);
        return;
      }
      db.onversionchange = () => {
        db.close();
        connections.delete(name);
      };
      db.onclose = () => {
        connections.delete(name);
      };
      resolve(db);
    };
  });
}

async function database(files: FileStore): Promise<IDBDatabase | null> {
  let connection = connections.get(files.db);
  if (!connection) {
    connection = openExisting(files);
    connections.set(files.db, connection);
  }
  const db = await connection;
  // A missing database is looked for again next time: the app may have created it meanwhile.
  if (!db) connections.delete(files.db);
  return db;
}

function getFile(db: IDBDatabase, store: string, path: string): Promise<StoredFile | undefined> {
  return new Promise((resolve) => {
    try {
      const request = db.transaction(store, "readonly").objectStore(store).get(path);
      request.onsuccess = () => resolve(request.result as StoredFile | undefined);
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
  const decoded = safeDecode(pathname);
  const keys = decoded === pathname ? [pathname] : [pathname, decoded];
  for (const files of FILE_STORES) {
    const db = await database(files);
    if (!db) continue;
    for (const key of keys) {
      const stored = await getFile(db, files.store, key);
      if (stored?.blob) {
        return new Response(stored.blob, {
          headers: {
            "content-type": stored.blob.type || "application/octet-stream",
            "content-length": String(stored.blob.size),
          },
        });
      }
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
