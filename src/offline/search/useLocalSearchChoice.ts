/** Whether the reader chose to search downloaded texts only ("本地搜索"), kept in localStorage. */
import { useCallback, useState } from "react";
import type { KeyValueStorage } from "../../auth/authState.ts";

export const LOCAL_SEARCH_KEY = "canon-reader.search-local";

export function readLocalChoice(storage: Pick<KeyValueStorage, "getItem">): boolean {
  try {
    return storage.getItem(LOCAL_SEARCH_KEY) === "1";
  } catch {
    return false;
  }
}

export function useLocalSearchChoice(): [boolean, (local: boolean) => void] {
  const [local, setLocal] = useState(() => readLocalChoice(window.localStorage));
  const change = useCallback((next: boolean) => {
    setLocal(next);
    try {
      window.localStorage.setItem(LOCAL_SEARCH_KEY, next ? "1" : "0");
    } catch {
      // Without storage the choice lasts for this page.
    }
  }, []);
  return [local, change];
}
