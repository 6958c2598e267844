/**
 * Which columns of a table show, chosen by the reader and kept in localStorage. At least one
 * column always shows (spec section 5: column pickers cannot deselect all).
 */
import type { KeyValueStorage } from "../auth/authState.ts";

/** The stored choice, kept to known ids in table order; the defaults when nothing valid is stored. */
export function readColumns(
  storage: Pick<KeyValueStorage, "getItem">,
  key: string,
  all: readonly string[],
  defaults: readonly string[],
): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "null");
    if (Array.isArray(parsed)) {
      const chosen = all.filter((id) => parsed.includes(id));
      if (chosen.length > 0) return chosen;
    }
  } catch {
    // Unreadable storage or a malformed value: the defaults.
  }
  return all.filter((id) => defaults.includes(id));
}

export function writeColumns(storage: Pick<KeyValueStorage, "setItem">, key: string, visible: string[]) {
  try {
    storage.setItem(key, JSON.stringify(visible));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/** The visible columns after the reader's choice, in table order; null when none would be left. */
export function chooseColumns(all: readonly string[], checked: readonly string[]): string[] | null {
  const visible = all.filter((id) => checked.includes(id));
  return visible.length > 0 ? visible : null;
}

export type SortOrder = { key: string; descending: boolean };

/** `-char_cnt` is char_cnt descending. */
export function parseSort(sortBy: string): SortOrder {
  return sortBy.startsWith("-")
    ? { key: sortBy.slice(1), descending: true }
    : { key: sortBy, descending: false };
}

/** Clicking a column's header: ascending first, then toggling. */
export function nextSort(current: string, key: string): string {
  const sort = parseSort(current);
  return sort.key === key && !sort.descending ? `-${key}` : key;
}

/** The room a table column without a set width keeps before the table scrolls sideways. */
const FLEXIBLE_COLUMN_MIN_PX = 140;
/** The width of a table's selection column. */
export const CHECK_COLUMN_PX = 44;

/**
 * The narrowest a table can be: the columns' set widths (in px), and some room for each other
 * column. Tables lay out with fixed columns, which squeezes the columns without a width to nothing
 * when the set ones fill a narrow screen; held at this width, the table scrolls sideways instead.
 */
export function tableMinWidth(columns: readonly { width?: string }[], selectable: boolean): number {
  let width = selectable ? CHECK_COLUMN_PX : 0;
  for (const column of columns) {
    const set = column.width?.endsWith("px") ? Number.parseFloat(column.width) : Number.NaN;
    width += Number.isFinite(set) ? set : FLEXIBLE_COLUMN_MIN_PX;
  }
  return width;
}
