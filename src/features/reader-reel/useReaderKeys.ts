/**
 * The reel reader's keys (spec sections 4 and 9): Enter opens the next reel, the up and down
 * arrows scroll four lines, space scrolls a screen (less the 75 px header offset).
 */
import { useEffect, useRef } from "react";

const SCROLL_OFFSET = 75;
const LINES_PER_ARROW = 4;

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(target.tagName);
}

export function useReaderKeys(options: { nextReel(): void; lineStep: number }): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        typingInto(event.target)
      )
        return;
      // The reading guide's card does not hold the keys; dialogs and popovers do.
      if (
        document.querySelector(
          "[role=dialog]:not([data-reading-guide]), [role=alertdialog], .fui-PopoverSurface:not([data-reading-guide])",
        )
      )
        return;
      const { nextReel, lineStep } = latest.current;
      if (event.key === "Enter") {
        event.preventDefault();
        nextReel();
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        window.scrollBy({ top: (event.key === "ArrowDown" ? 1 : -1) * LINES_PER_ARROW * lineStep });
      } else if (event.key === " ") {
        event.preventDefault();
        window.scrollBy({ top: (event.shiftKey ? -1 : 1) * (window.innerHeight - SCROLL_OFFSET) });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
