/** The reader's choice to search downloaded texts only ("本地搜索"), as the search page keeps it. */
import { useCallback, useState } from "react";
import { LOCAL_SEARCH_KEY, readLocalChoice } from "./localSearchChoice.ts";

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
