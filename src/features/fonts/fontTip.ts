/**
 * The "font not installed" tip is shown once per tripitaka until the reader dismisses it there
 * (spec section 3: font tip dismissal per tripitaka, kept in local storage).
 */
import type { KeyValueStorage } from "../../auth/authState.ts";

export const FONT_TIP_KEY = "canon-reader.font-tip-dismissed";

function dismissedList(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FONT_TIP_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((uid): uid is string => typeof uid === "string") : [];
  } catch {
    return [];
  }
}

export function isFontTipDismissed(storage: KeyValueStorage, tripitakaUid: string): boolean {
  return dismissedList(storage).includes(tripitakaUid);
}

export function dismissFontTip(storage: KeyValueStorage, tripitakaUid: string): void {
  const list = dismissedList(storage);
  if (list.includes(tripitakaUid)) return;
  try {
    storage.setItem(FONT_TIP_KEY, JSON.stringify([...list, tripitakaUid]));
  } catch {
    // Storage full or unavailable: the tip is hidden for this page only.
  }
}
