/**
 * What page reading keeps on the device (spec section 3): the image scale and whether the
 * text pane and the thumbnail list are shown.
 */
import type { KeyValueStorage } from "../../auth/authState.ts";
import { DEFAULT_SCALE, validScale } from "./zoom.ts";

export const PAGE_SETTINGS_KEY = "canon-reader.page-settings";

export type PageSettings = { scale: number; textShown: boolean; thumbsShown: boolean };

export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  scale: DEFAULT_SCALE,
  textShown: true,
  thumbsShown: true,
};

/**
 * The narrowest window that holds the reading nav (256 px), the scan at its least (572 px) and the
 * text pane (300 px) side by side (spec section 9). In a narrower one (a tablet held upright) the
 * thumbnail list starts hidden, so the scan keeps its room; a reader who opens it keeps it open.
 */
export const ALL_PANES_MIN_WIDTH = 256 + 572 + 300;

/** The defaults for a window `windowWidth` px wide. */
export function defaultPageSettings(windowWidth: number): PageSettings {
  return { ...DEFAULT_PAGE_SETTINGS, thumbsShown: windowWidth >= ALL_PANES_MIN_WIDTH };
}

export function normalisePageSettings(raw: unknown, defaults = DEFAULT_PAGE_SETTINGS): PageSettings {
  const value = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const flag = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);
  return {
    scale: validScale(value.scale) ?? defaults.scale,
    textShown: flag(value.textShown, defaults.textShown),
    thumbsShown: flag(value.thumbsShown, defaults.thumbsShown),
  };
}

export function loadPageSettings(storage: KeyValueStorage, windowWidth = ALL_PANES_MIN_WIDTH): PageSettings {
  const defaults = defaultPageSettings(windowWidth);
  try {
    const stored = storage.getItem(PAGE_SETTINGS_KEY);
    if (stored) return normalisePageSettings(JSON.parse(stored), defaults);
  } catch {
    // Unreadable settings: start from the defaults.
  }
  return defaults;
}

export function savePageSettings(storage: KeyValueStorage, settings: PageSettings): void {
  try {
    storage.setItem(PAGE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or unavailable: the settings last for this page.
  }
}
