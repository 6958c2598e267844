/** Search preferences kept in localStorage: settings, recent inputs and the split size. */
import { useCallback, useState } from "react";
import { pushRecent, readRecent, writeRecent } from "./recentInputs.ts";
import { readSearchSettings, type SearchSettings, writeSearchSettings } from "./searchSettings.ts";
import { readSplit, writeSplit } from "./splitSize.ts";

export function useSearchSettings(): [SearchSettings, (next: SearchSettings) => void] {
  const [settings, setSettings] = useState(() => readSearchSettings(window.localStorage));
  const change = useCallback((next: SearchSettings) => {
    setSettings(next);
    writeSearchSettings(window.localStorage, next);
  }, []);
  return [settings, change];
}

export type RecentInputs = { list: string[]; add(keyword: string): void; clear(): void };

export function useRecentInputs(): RecentInputs {
  const [list, setList] = useState(() => readRecent(window.localStorage));
  const add = useCallback((keyword: string) => {
    setList((current) => {
      const next = pushRecent(current, keyword);
      writeRecent(window.localStorage, next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setList([]);
    writeRecent(window.localStorage, []);
  }, []);
  return { list, add, clear };
}

/** The split size; `keep` stores it (at the end of a drag, not on every move). */
export function useSplitSize(): { split: number; setSplit(split: number): void; keep(split: number): void } {
  const [split, setSplit] = useState(() => readSplit(window.localStorage));
  const keep = useCallback((value: number) => writeSplit(window.localStorage, value), []);
  return { split, setSplit, keep };
}
