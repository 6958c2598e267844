/** Whether the reader chose to search downloaded texts only ("本地搜索"), kept in localStorage. */
import type { KeyValueStorage } from "../../auth/authState.ts";

export const LOCAL_SEARCH_KEY = "canon-reader.search-local";

export function readLocalChoice(storage: Pick<KeyValueStorage, "getItem">): boolean {
  try {
    return storage.getItem(LOCAL_SEARCH_KEY) === "1";
  } catch {
    return false;
  }
}
