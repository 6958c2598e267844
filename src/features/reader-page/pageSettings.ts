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

export function normalisePageSettings(raw: unknown): PageSettings {
  const value = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const flag = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);
  return {
    scale: validScale(value.scale) ?? DEFAULT_PAGE_SETTINGS.scale,
    textShown: flag(value.textShown, DEFAULT_PAGE_SETTINGS.textShown),
    thumbsShown: flag(value.thumbsShown, DEFAULT_PAGE_SETTINGS.thumbsShown),
  };
}

export function loadPageSettings(storage: KeyValueStorage): PageSettings {
  try {
    const stored = storage.getItem(PAGE_SETTINGS_KEY);
    if (stored) return normalisePageSettings(JSON.parse(stored));
  } catch {
    // Unreadable settings: start from the defaults.
  }
  return DEFAULT_PAGE_SETTINGS;
}

export function savePageSettings(storage: KeyValueStorage, settings: PageSettings): void {
  try {
    storage.setItem(PAGE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or unavailable: the settings last for this page.
  }
}
