/**
 * The page reader's keys (spec sections 2 and 9): Enter opens the next page, space turns the page
 * (with Shift, back), the arrows move the image, 1-9 set the scale.
 */
import { useEffect, useRef } from "react";
import { zoomForKey } from "./zoom.ts";

/** How far one arrow press moves the image, in CSS pixels. */
const ARROW_STEP = 60;

export type PageKeyActions = {
  nextPage(): void;
  prevPage(): void;
  move(dx: number, dy: number): void;
  zoom(scale: number): void;
};

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Enter and space also press a focused button; the page keys leave those to it. */
function onControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.tagName === "BUTTON" || target.getAttribute("role") === "tab")
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-ARROW_STEP, 0],
  ArrowRight: [ARROW_STEP, 0],
  ArrowUp: [0, -ARROW_STEP],
  ArrowDown: [0, ARROW_STEP],
};

export function usePageKeys(actions: PageKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (inTextField(event.target)) return;
      if (document.querySelector("[role=dialog], [role=alertdialog], .fui-PopoverSurface")) return;
      const run = latest.current;
      const arrow = ARROWS[event.key];
      const scale = zoomForKey(event.key);
      if (arrow) {
        event.preventDefault();
        run.move(arrow[0], arrow[1]);
      } else if (scale !== null) {
        event.preventDefault();
        run.zoom(scale);
      } else if ((event.key === "Enter" || event.key === " ") && !onControl(event.target)) {
        event.preventDefault();
        if (event.key === " " && event.shiftKey) run.prevPage();
        else run.nextPage();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
