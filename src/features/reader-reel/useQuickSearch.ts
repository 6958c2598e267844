/**
 * The quick search box's state: the draft becomes the keyword 800 ms after the last keystroke
 * (or at once on Enter), and Enter on an unchanged keyword steps to the next match, wrapping.
 */
import { useEffect, useState } from "react";
import { nextMatch, QUICK_SEARCH_DEBOUNCE_MS } from "./quickSearch.ts";

export type QuickSearch = {
  draft: string;
  keyword: string;
  current: number;
  setDraft(value: string): void;
  /** Enter in the box, given how many matches the keyword has. */
  enter(total: number): void;
};

export function useQuickSearch(): QuickSearch {
  const [draft, setDraft] = useState("");
  const [keyword, setKeyword] = useState("");
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setKeyword(draft.trim());
      setCurrent(0);
    }, QUICK_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);
  const enter = (total: number) => {
    const next = draft.trim();
    if (next !== keyword) {
      setKeyword(next);
      setCurrent(0);
    } else {
      setCurrent((n) => nextMatch(n, total));
    }
  };
  return { draft, keyword, current, setDraft, enter };
}
