/**
 * The book list and the scanned page names are kept for the session (spec section 3): moving
 * between pages of a book asks for them once.
 */
import type { KeyValueStorage } from "../../auth/authState.ts";

const PREFIX = "canon-reader.page-reading.";

/** The stored value under `key` when it still reads as a `T`, else `load()`'s, then stored. */
export async function sessionCached<T>(
  storage: KeyValueStorage,
  key: string,
  isValid: (value: unknown) => value is T,
  load: () => Promise<T>,
): Promise<T> {
  try {
    const stored = storage.getItem(PREFIX + key);
    const parsed: unknown = stored ? JSON.parse(stored) : undefined;
    if (isValid(parsed)) return parsed;
  } catch {
    // Unreadable: ask the server.
  }
  const value = await load();
  try {
    storage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Session storage full or unavailable: asked again next time.
  }
  return value;
}
