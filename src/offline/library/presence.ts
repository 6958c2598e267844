/**
 * Whether this browser holds the offline library, found without opening it: opening an IndexedDB
 * database creates it, and a library that exists makes every screen load the library's code. So
 * screens that only show a download's state (the download buttons, the storage panel) read the
 * library once it exists, and the first download in this page says it now does.
 */
import { useEffect, useSyncExternalStore } from "react";
import { OFFLINE_LIBRARY_DB } from "../../../contract/offline-library-db.ts";

let exists = false;
const listeners = new Set<() => void>();

function found(): void {
  if (exists) return;
  exists = true;
  for (const listener of listeners) listener();
}

/**
 * True once the library exists in this browser (checked by name, not opened); also true where the
 * browser cannot list its databases, since the library may then exist.
 */
export async function libraryExists(): Promise<boolean> {
  if (exists || typeof indexedDB === "undefined") return exists;
  if (typeof indexedDB.databases !== "function") {
    found();
    return true;
  }
  const databases = await indexedDB.databases();
  if (databases.some((database) => database.name === OFFLINE_LIBRARY_DB)) found();
  return exists;
}

/** Said by the download manager as it makes the library. */
export const markLibraryCreated = found;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the library exists, looked up on mount and true from the first download on. */
export function useLibraryExists(): boolean {
  useEffect(() => {
    void libraryExists();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => exists,
    () => false,
  );
}
