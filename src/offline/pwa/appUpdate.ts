/**
 * A new version of the app waiting to take over: the service worker registration reports a
 * waiting worker, the reader accepts, the waiting worker is asked to activate, and the page
 * reloads once when that worker controls it. A worker taking control that was not asked to
 * (the first install claiming the page) reloads nothing.
 */
export type UpdateState = "none" | "waiting" | "applying";

export type AppUpdate = {
  state(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** A new worker is installed and waiting; `activate` asks it to take over. */
  waiting(activate: () => void): void;
  /** The reader wants the new version now. */
  accept(): void;
  /** The reader wants to keep working: the prompt goes until the next waiting worker. */
  dismiss(): void;
  /** A new worker now controls the page. */
  controlling(): void;
};

export function createAppUpdate(reload: () => void): AppUpdate {
  let state: UpdateState = "none";
  let activate: (() => void) | null = null;
  let reloaded = false;
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waiting(next) {
      activate = next;
      if (state === "none") set("waiting");
    },
    accept() {
      if (state !== "waiting" || !activate) return;
      set("applying");
      activate();
    },
    dismiss() {
      if (state === "waiting") set("none");
    },
    controlling() {
      if (state !== "applying" || reloaded) return;
      reloaded = true;
      reload();
    },
  };
}

let shared: AppUpdate | null = null;

/** The app's one update state (created on first use in the browser). */
export function appUpdate(): AppUpdate {
  shared ??= createAppUpdate(() => window.location.reload());
  return shared;
}
