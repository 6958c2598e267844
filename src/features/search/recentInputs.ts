/**
 * The reader's recent search inputs (spec sections 3 and 9): at most 16, newest first, a repeated
 * keyword moved to the front; kept in localStorage.
 */
import type { KeyValueStorage } from "../../auth/authState.ts";

export const RECENT_INPUTS_KEY = "canon-reader.search-recent";
export const RECENT_INPUTS_MAX = 16;

export function pushRecent(recent: readonly string[], keyword: string): string[] {
  const value = keyword.trim();
  if (value === "") return [...recent];
  return [value, ...recent.filter((item) => item !== value)].slice(0, RECENT_INPUTS_MAX);
}

export function readRecent(storage: Pick<KeyValueStorage, "getItem">): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(RECENT_INPUTS_KEY) ?? "[]");
    if (!Array.isArray(stored)) return [];
    const texts = stored.filter((item): item is string => typeof item === "string" && item.trim() !== "");
    return [...new Set(texts)].slice(0, RECENT_INPUTS_MAX);
  } catch {
    return [];
  }
}

export function writeRecent(storage: Pick<KeyValueStorage, "setItem">, recent: readonly string[]): void {
  try {
    storage.setItem(RECENT_INPUTS_KEY, JSON.stringify(recent.slice(0, RECENT_INPUTS_MAX)));
  } catch {
    // Without storage the list lasts for this page.
  }
}
