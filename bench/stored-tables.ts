/**
 * What each IndexedDB table of the page's origin holds, in the bytes its values take as V8 writes
 * them (a string of Latin-1 chars one byte each, any other string two; typed arrays their length;
 * numbers eight), keys included. LevelDB's compression and log are left out: `estimate()` gives the
 * disk's figure, this one says which tables it is made of.
 */

function sizeOf(value: unknown): number {
  if (typeof value === "string") {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: Latin-1 is the one-byte range.
    return /^[\u0000-\u00ff]*$/.test(value) ? value.length : value.length * 2;
  }
  if (typeof value === "number") return 8;
  if (typeof value === "boolean" || value === null || value === undefined) return 1;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (value instanceof Blob) return value.size;
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + sizeOf(item), 2);
  if (typeof value === "object")
    return Object.entries(value).reduce((n, [key, item]) => n + key.length + sizeOf(item), 2);
  return 0;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function tableBytes(db: IDBDatabase, store: string): Promise<{ rows: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let bytes = 0;
    const cursor = db.transaction(store, "readonly").objectStore(store).openCursor();
    cursor.onerror = () => reject(cursor.error);
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return resolve({ rows, bytes });
      rows += 1;
      bytes += sizeOf(at.primaryKey) + sizeOf(at.value);
      at.continue();
    };
  });
}

export type StoredTable = { database: string; table: string; rows: number; bytes: number };

export async function storedTables(): Promise<StoredTable[]> {
  const out: StoredTable[] = [];
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await request(indexedDB.open(info.name));
    try {
      for (const table of [...db.objectStoreNames])
        out.push({ database: info.name, table, ...(await tableBytes(db, table)) });
    } finally {
      db.close();
    }
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}
