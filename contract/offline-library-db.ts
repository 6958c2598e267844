/**
 * The offline library's IndexedDB database name (contract/offline-library.ts). Apart from the
 * library's definitions so that the screens' first code, which only looks whether the library
 * exists, loads none of what the library holds (the collation apparatus functions among them).
 */
export const OFFLINE_LIBRARY_DB = "canon-offline";
