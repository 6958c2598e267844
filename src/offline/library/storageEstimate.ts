/**
 * The browser's view of this site's storage: `navigator.storage.estimate()` (usage and quota) and
 * persistence (`persisted()`, `persist()`), where the browser offers them.
 */
export type StorageInfo = {
  usage: number | null;
  quota: number | null;
  /** Null where the browser cannot say (no StorageManager). */
  persisted: boolean | null;
};

type StorageNavigator = { storage?: Partial<Pick<StorageManager, "estimate" | "persist" | "persisted">> };

export async function readStorageInfo(nav: StorageNavigator): Promise<StorageInfo> {
  const storage = nav.storage;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => null) : null;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** Asks the browser to keep this site's data; true when it will. */
export async function askPersistence(nav: StorageNavigator): Promise<boolean> {
  if (!nav.storage?.persist) return false;
  return nav.storage.persist().catch(() => false);
}
