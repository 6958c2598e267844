/**
 * What the screen on show is about (a reel's sutra and reel), for the page title the shell
 * composes: `subject - edition - app`, in place of the route's own title. One subject at a time,
 * set by the screen while it shows it.
 */
import { useEffect, useSyncExternalStore } from "react";

let subject: string | null = null;
const listeners = new Set<() => void>();

function setSubject(next: string | null): void {
  if (next === subject) return;
  subject = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePageSubject(): string | null {
  return useSyncExternalStore(subscribe, () => subject);
}

/** Names the page after `next` while the calling screen shows it (null: the route's title). */
export function useSetPageSubject(next: string | null): void {
  useEffect(() => {
    setSubject(next);
    return () => setSubject(null);
  }, [next]);
}
