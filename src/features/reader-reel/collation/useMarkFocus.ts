/**
 * The marks are one stop in the tab order, not one each (a reel can hold hundreds): the mark
 * last focused, or the first, takes Tab; the arrow keys, Home and End move between marks, in
 * text order. Marks are drawn with tabIndex -1; this keeps one of them at 0 as the text redraws.
 */
import { type RefObject, useEffect } from "react";

const MARKS = "button[data-note]";

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp"]);

export function useMarkFocus(textRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const text = textRef.current;
    if (!text) return;
    const makeStop = (mark: HTMLElement): void => {
      for (const other of text.querySelectorAll<HTMLElement>(`${MARKS}[tabindex="0"]`))
        if (other !== mark) other.tabIndex = -1;
      mark.tabIndex = 0;
    };
    const keepOneStop = (): void => {
      if (text.querySelector(`${MARKS}[tabindex="0"]`)) return;
      const first = text.querySelector<HTMLElement>(MARKS);
      if (first) first.tabIndex = 0;
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches(MARKS)) makeStop(event.target);
    };
    const onKey = (event: KeyboardEvent) => {
      const mark = event.target instanceof HTMLElement && event.target.matches(MARKS) ? event.target : null;
      if (!mark || event.altKey || event.ctrlKey || event.metaKey) return;
      const marks = [...text.querySelectorAll<HTMLElement>(MARKS)];
      const at = marks.indexOf(mark);
      let to: HTMLElement | undefined;
      if (NEXT_KEYS.has(event.key)) to = marks[at + 1];
      else if (PREVIOUS_KEYS.has(event.key)) to = marks[at - 1];
      else if (event.key === "Home") to = marks[0];
      else if (event.key === "End") to = marks[marks.length - 1];
      else return;
      event.preventDefault();
      if (!to) return;
      makeStop(to);
      to.focus();
    };
    keepOneStop();
    const redraws = new MutationObserver(keepOneStop);
    redraws.observe(text, { childList: true, subtree: true });
    text.addEventListener("focusin", onFocus);
    text.addEventListener("keydown", onKey);
    return () => {
      redraws.disconnect();
      text.removeEventListener("focusin", onFocus);
      text.removeEventListener("keydown", onKey);
    };
  }, [textRef]);
}
