/**
 * A tiny data-loading hook: runs `load` whenever `key` changes and aborts the previous run.
 *
 * Data a screen will load can be started before the screen is rendered (`loadAhead`, see
 * src/app/routes/firstScreenData.ts): `useLoad` with the same key renders with it at once when it
 * has arrived, or waits for that load instead of starting its own. Each load ahead is taken once,
 * by the first `useLoad` effect of its key.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

type Ahead<T> = { promise: Promise<T>; arrived: { data: T } | null };

const ahead = new Map<string, Ahead<unknown>>();

/** Starts `load` for the key, replacing any earlier load of it not yet taken. */
export function loadAhead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const entry: Ahead<T> = { promise: load(), arrived: null };
  entry.promise.then(
    (data) => {
      entry.arrived = { data };
    },
    () => undefined,
  );
  ahead.set(key, entry);
  return entry.promise;
}

/**
 * The data loaded ahead for the key, if it has arrived; the load stays to be taken, since a render
 * may be thrown away and done again.
 */
function arrivedAhead<T>(key: string): { data: T } | null {
  return (ahead.get(key) as Ahead<T> | undefined)?.arrived ?? null;
}

/** The load started ahead for the key, once. */
function takeAhead<T>(key: string): Promise<T> | null {
  const entry = ahead.get(key) as Ahead<T> | undefined;
  ahead.delete(key);
  return entry?.promise ?? null;
}

export type Load<T> = {
  data: T | undefined;
  /** The last data loaded for any key: shown while the next key loads. */
  latest: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
};

type Settled<T> = { key: string; data?: T; error?: Error };

const runOf = (key: string, attempt: number): string => `${key}#${attempt}`;

export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const [settled, setSettled] = useState<Settled<T> | null>(() => {
    const arrived = arrivedAhead<T>(key);
    return arrived ? { key: runOf(key, 0), data: arrived.data } : null;
  });
  const [latest, setLatest] = useState<T | undefined>(() => settled?.data);
  const [attempt, setAttempt] = useState(0);
  // The run rendered from the start with data loaded ahead.
  const aheadRun = useRef(settled?.key);

  useEffect(() => {
    const run = runOf(key, attempt);
    const early = takeAhead<T>(key);
    // Rendered with the data loaded ahead already: nothing left to load.
    if (early && aheadRun.current === run) return;
    const controller = new AbortController();
    (early ?? loadRef.current(controller.signal)).then(
      (data) => {
        if (controller.signal.aborted) return;
        // What the data brings on screen is rendered in slices, leaving the thread free for input.
        startTransition(() => {
          setSettled({ key: run, data });
          setLatest(data);
        });
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key: run, error: cause instanceof Error ? cause : new Error(String(cause)) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled?.key === runOf(key, attempt) ? settled : undefined;
  return { data: current?.data, latest, error: current?.error, loading: current === undefined, reload };
}
