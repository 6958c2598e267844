/** A tiny data-loading hook: runs `load` whenever `key` changes and aborts the previous run. */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

export type Load<T> = {
  data: T | undefined;
  /** The last data loaded for any key: shown while the next key loads. */
  latest: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
};

type Settled<T> = { key: string; data?: T; error?: Error };

export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [latest, setLatest] = useState<T | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const run = `${key}#${attempt}`;
    loadRef.current(controller.signal).then(
      (data) => {
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
  const current = settled?.key === `${key}#${attempt}` ? settled : undefined;
  return { data: current?.data, latest, error: current?.error, loading: current === undefined, reload };
}
