/**
 * The dark theme's chunk, loaded once and shared: the entry asks for it when night reading is on
 * (src/app/routes/early.ts), the shell when a screen wants it. Until it is there the shell paints
 * light; a failed load (offline before the chunk was ever fetched) is tried again when next asked.
 */
import type { Theme } from "@fluentui/react-components";

let loaded: Theme | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

export function loadDarkTheme(): Promise<void> {
  loading ??= import("./darkTheme.ts").then(
    (module) => {
      loaded = module.darkTheme;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

export const darkThemeStore = {
  current: (): Theme | undefined => loaded,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
