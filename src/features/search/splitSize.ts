/**
 * The widths of the search page's columns (spec section 9): the filter panel 227 px, the result
 * list at least 572 px and the preview at least 300 px. The split size is the result list's share
 * of the width the list and the preview divide; 0.5 by default, kept in localStorage.
 */
import type { KeyValueStorage } from "../../auth/authState.ts";

export const FILTER_PANEL_WIDTH = 227;
export const RESULTS_MIN_WIDTH = 572;
export const PREVIEW_MIN_WIDTH = 300;
export const DEFAULT_SPLIT = 0.5;
export const SPLIT_SIZE_KEY = "canon-reader.search-split";

/** The share nearest to `split` that leaves both sides their minimum in `width` pixels. */
export function clampSplit(split: number, width: number): number {
  const wanted = Number.isFinite(split) ? split : DEFAULT_SPLIT;
  if (width < RESULTS_MIN_WIDTH + PREVIEW_MIN_WIDTH)
    return RESULTS_MIN_WIDTH / (RESULTS_MIN_WIDTH + PREVIEW_MIN_WIDTH);
  const low = RESULTS_MIN_WIDTH / width;
  const high = 1 - PREVIEW_MIN_WIDTH / width;
  return Math.min(Math.max(wanted, low), high);
}

/** The split for a divider dragged to `x` (client pixels) in a box starting at `left`. */
export function splitAt(x: number, left: number, width: number): number {
  return width > 0 ? clampSplit((x - left) / width, width) : DEFAULT_SPLIT;
}

export function readSplit(storage: Pick<KeyValueStorage, "getItem">): number {
  try {
    const stored = Number(storage.getItem(SPLIT_SIZE_KEY));
    return storage.getItem(SPLIT_SIZE_KEY) !== null && stored > 0 && stored < 1 ? stored : DEFAULT_SPLIT;
  } catch {
    return DEFAULT_SPLIT;
  }
}

export function writeSplit(storage: Pick<KeyValueStorage, "setItem">, split: number): void {
  try {
    storage.setItem(SPLIT_SIZE_KEY, String(Math.round(split * 1000) / 1000));
  } catch {
    // Without storage the split lasts for this page.
  }
}
