/**
 * How wide the window is, in steps: the widest of a list of widths (px, ascending) it reaches, 0
 * below the first. Read from media queries: on a phone or tablet, reading `window.innerWidth`
 * makes the browser style and lay out the whole page first, which in the middle of a screen's
 * first render is its longest block of work.
 */
import { useCallback, useSyncExternalStore } from "react";

const queries = new WeakMap<Window, Map<number, MediaQueryList>>();
const atLeast = (win: Window, width: number): MediaQueryList => {
  const ofWindow = queries.get(win) ?? new Map<number, MediaQueryList>();
  queries.set(win, ofWindow);
  let query = ofWindow.get(width);
  if (!query) {
    query = win.matchMedia(`(min-width: ${width}px)`);
    ofWindow.set(width, query);
  }
  return query;
};

/** The widest of `steps` the window reaches, 0 when it is narrower than all of them. */
export function windowWidthStep(win: Window, steps: readonly number[]): number {
  let reached = 0;
  for (const step of steps) if (atLeast(win, step).matches) reached = step;
  return reached;
}

/** `windowWidthStep`, following resizes. `steps` should keep its identity between renders. */
export function useWindowWidthStep(steps: readonly number[]): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = steps.map((step) => atLeast(window, step));
      for (const list of lists) list.addEventListener("change", onChange);
      return () => {
        for (const list of lists) list.removeEventListener("change", onChange);
      };
    },
    [steps],
  );
  return useSyncExternalStore(subscribe, () => windowWidthStep(window, steps));
}
