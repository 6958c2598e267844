/**
 * The reading guide's state for the reel screen: it opens by itself once a reel is shown to a
 * reader who has not finished it, and finishing or skipping keeps `isGuide` with the settings.
 * It opens once the text is on screen and the page is idle: placing its card measures the whole
 * reel's layout, which would otherwise hold the text's first paint back.
 */
import { startTransition, useEffect, useRef, useState } from "react";
import { CLOSED, finishesGuide, type GuideAction, type GuideState, guideReducer } from "./readingGuide.ts";

export type ReadingGuide = { state: GuideState; dispatch(action: GuideAction): void };

export function useReadingGuide(options: { done: boolean; ready: boolean; markDone(): void }): ReadingGuide {
  const [state, setState] = useState<GuideState>(CLOSED);
  const latest = useRef(options);
  latest.current = options;
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current || !options.ready || options.done) return;
    return whenIdle(() => {
      opened.current = true;
      // The card's first render goes with the whole reel view's: in slices, not one block.
      startTransition(() => setState(guideReducer(CLOSED, "open")));
    });
  }, [options.ready, options.done]);

  // Settings from another device may say the guide is already done.
  useEffect(() => {
    if (options.done) setState((current) => (current.kind === "guide" ? CLOSED : current));
  }, [options.done]);

  const dispatch = (action: GuideAction) => {
    const next = guideReducer(state, action);
    if (finishesGuide(state, next) && !latest.current.done) latest.current.markDone();
    setState(next);
  };
  return { state, dispatch };
}

/** The longest the guide waits for an idle page. */
const GUIDE_IDLE_WAIT_MS = 1_000;

/** Runs `work` once the page is idle after painting (or after the wait); answers a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: GUIDE_IDLE_WAIT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 0);
  return () => window.clearTimeout(timer);
}
