/**
 * Which page buttons a pager shows (spec section 9: 9 slots, 8 under 1024 px, 6 under 768, 3 under
 * 640 with the total hidden) and the page-size choices.
 */
import { pageSizes } from "../../contract/sutra-list-options.ts";

export type PageSize = (typeof pageSizes)[number];
export const PAGE_SIZES: readonly PageSize[] = pageSizes;
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export function asPageSize(value: unknown, fallback: PageSize = DEFAULT_PAGE_SIZE): PageSize {
  return PAGE_SIZES.find((size) => size === Number(value)) ?? fallback;
}

/** The window widths at which the pager shows more: what `slotsForWidth` and `showsTotal` tell apart. */
export const PAGER_WIDTH_STEPS: readonly number[] = [640, 768, 1024];

/** How many slots (page numbers and gaps) fit a window `width` pixels wide. */
export function slotsForWidth(width: number): number {
  if (width < 640) return 3;
  if (width < 768) return 6;
  if (width < 1024) return 8;
  return 9;
}

/** The total is hidden on the narrowest screens. */
export function showsTotal(width: number): boolean {
  return width >= 640;
}

export type Slot = number | "gap-start" | "gap-end";

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(to - from + 1, 0) }, (_, i) => from + i);

/**
 * The slots for page `current` of `count`: every page when they fit, else the first and last pages
 * around a window on the current one with a gap on either side. Under 5 slots there is no room
 * for first, last and gaps: the window alone shows.
 */
export function pageSlots(current: number, count: number, slots: number): Slot[] {
  if (count <= 0) return [];
  const page = Math.min(Math.max(current, 1), count);
  if (count <= slots) return range(1, count);
  if (slots < 5) {
    const start = Math.min(Math.max(page - Math.floor((slots - 1) / 2), 1), count - slots + 1);
    return range(start, start + slots - 1);
  }
  const window = slots - 4;
  const start = page - Math.floor((window - 1) / 2);
  const end = start + window - 1;
  if (start <= 3) return [...range(1, slots - 2), "gap-end", count];
  if (end >= count - 2) return [1, "gap-start", ...range(count - slots + 3, count)];
  return [1, "gap-start", ...range(start, end), "gap-end", count];
}
