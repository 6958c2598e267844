/**
 * The current heading of the article in `container`, followed while the window scrolls (throttled,
 * see currentHeading.ts). `choose` marks a heading the reader picked (in the table of contents or
 * by the address's hash) once the window has jumped to it: it stays current until the window
 * moves from there, even where the page cannot scroll far enough to bring it to the top.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { currentHeadingIndex, HEADING_THROTTLE_MS } from "./currentHeading.ts";
import type { ArticleHeading } from "./markdown.ts";
import { throttle } from "./throttle.ts";

export const headingElement = (container: HTMLElement, id: string): HTMLElement | null =>
  container.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);

/** Scroll events within this many pixels of where a jump landed are the jump's own. */
const LANDED_PX = 1;

export function useCurrentHeading(
  container: RefObject<HTMLElement | null>,
  headings: readonly ArticleHeading[],
): { current: string | null; choose(id: string): void } {
  const [current, setCurrent] = useState<string | null>(null);
  /** Where the window was when a heading was chosen; null while the scroll decides. */
  const chosenAt = useRef<number | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root || headings.length === 0) {
      setCurrent(null);
      return;
    }
    const measure = () => {
      const scroller = document.scrollingElement ?? document.documentElement;
      const index = currentHeadingIndex({
        headingTops: headings.map(
          (heading) =>
            headingElement(root, heading.id)?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY,
        ),
        scrollTop: scroller.scrollTop,
        viewportHeight: window.innerHeight,
        scrollHeight: scroller.scrollHeight,
      });
      setCurrent(headings[index]?.id ?? null);
    };
    const onScroll = throttle(
      () => {
        const at = chosenAt.current;
        if (at !== null && Math.abs(window.scrollY - at) <= LANDED_PX) return;
        chosenAt.current = null;
        measure();
      },
      HEADING_THROTTLE_MS,
      window,
    );
    if (chosenAt.current === null) measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      onScroll.cancel();
    };
  }, [container, headings]);

  const choose = useCallback((id: string) => {
    chosenAt.current = window.scrollY;
    setCurrent(id);
  }, []);
  return { current, choose };
}
