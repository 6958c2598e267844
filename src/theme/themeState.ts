/**
 * The night-reading preference: stored in localStorage; when a signed-in reader has it on, the
 * reading screens (reel and page) use the dark theme and every other screen stays light (spec
 * sections 2 and 4).
 */
import type { KeyValueStorage } from "../auth/authState.ts";

export type ThemeName = "light" | "dark";
export const NIGHT_READING_KEY = "canon-reader.nightReading";

export function themeFor(isReadingScreen: boolean, signedIn: boolean, nightReading: boolean): ThemeName {
  return isReadingScreen && signedIn && nightReading ? "dark" : "light";
}

export type ThemeStore = {
  nightReading(): boolean;
  setNightReading(on: boolean): void;
  subscribe(listener: () => void): () => void;
};

export function createThemeStore(storage: KeyValueStorage): ThemeStore {
  const listeners = new Set<() => void>();
  let on = false;
  try {
    on = storage.getItem(NIGHT_READING_KEY) === "1";
  } catch {
    on = false;
  }
  return {
    nightReading: () => on,
    setNightReading(next) {
      on = next;
      try {
        storage.setItem(NIGHT_READING_KEY, next ? "1" : "0");
      } catch {
        // Storage unavailable: the choice lasts for this page only.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
