/**
 * The height a part had when this device last showed it, kept in localStorage under `storageKey`,
 * so that the part's room can be kept while its data loads and what lies below it stays where it
 * first appeared. `measure` is the part's ref: it keeps the height up to date while the part is
 * shown; `forget` records that the part has nothing to show.
 */
import { useCallback, useMemo, useRef } from "react";

const PREFIX = "canon-reader.height.";

function readHeight(storageKey: string): number {
  try {
    const height = Number(window.localStorage.getItem(PREFIX + storageKey));
    return Number.isFinite(height) && height > 0 ? height : 0;
  } catch {
    return 0;
  }
}

function writeHeight(storageKey: string, height: number): void {
  try {
    if (height > 0) window.localStorage.setItem(PREFIX + storageKey, String(height));
    else window.localStorage.removeItem(PREFIX + storageKey);
  } catch {
    // Storage full or unavailable: the room is not kept next time.
  }
}

export type RememberedHeight = {
  /** The height last shown in px, 0 when none is known. */
  remembered: number;
  measure(element: HTMLElement | null): void;
  forget(): void;
};

export function useRememberedHeight(storageKey: string): RememberedHeight {
  // Read once per key: what the part shows meanwhile updates the stored height, not this one.
  const remembered = useMemo(() => readHeight(storageKey), [storageKey]);

  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      observer.current = new ResizeObserver(() => {
        const { height } = element.getBoundingClientRect();
        if (height > 0) writeHeight(storageKey, height);
      });
      observer.current.observe(element);
    },
    [storageKey],
  );
  const forget = useCallback(() => writeHeight(storageKey, 0), [storageKey]);
  return { remembered, measure, forget };
}
