/**
 * When the selection menu is open and for what (spec sections 4 and 9): 500 ms after the selection
 * over the reel text stops changing, or at once on a right-click in the text; closed by a press
 * outside the menu, by Escape, and when the reel changes.
 */
import { type RefObject, useEffect, useState } from "react";
import type { Reel } from "../../../../contract/canon.ts";
import { pointAt, type ReelSelection, readSelection } from "./readSelection.ts";

export const SELECTION_DEBOUNCE_MS = 500;

export function useSelectionMenu(
  container: RefObject<HTMLElement | null>,
  menu: RefObject<HTMLElement | null>,
  reel: Reel | undefined,
): [ReelSelection | null, () => void] {
  const [target, setTarget] = useState<ReelSelection | null>(null);

  useEffect(() => {
    setTarget(null);
    if (!reel) return;
    let timer: number | undefined;
    const inText = (node: EventTarget | null) =>
      node instanceof Node && container.current !== null && container.current.contains(node);
    const onSelectionChange = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const root = container.current;
        const selected = root ? readSelection(root, document.getSelection(), reel) : null;
        if (selected) setTarget(selected);
      }, SELECTION_DEBOUNCE_MS);
    };
    const onContextMenu = (event: MouseEvent) => {
      const root = container.current;
      if (!root || !inText(event.target)) return;
      const selected =
        readSelection(root, document.getSelection(), reel) ??
        pointAt(root, event.target, event.clientX, event.clientY);
      // Between lines, with nothing selected, the browser's own menu stays.
      if (selected.slices.length === 0) return;
      event.preventDefault();
      window.clearTimeout(timer);
      setTarget(selected);
    };
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      setTarget(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setTarget(null);
    };
    document.addEventListener("selectionchange", onSelectionChange);
    document.addEventListener("contextmenu", onContextMenu);
    document.addEventListener("mousedown", onPointerDown, true);
    document.addEventListener("keydown", onKeyDown);
    // The menu loads when the reader first reaches the text; a selection made meanwhile still counts.
    if (inText(document.getSelection()?.anchorNode ?? null)) onSelectionChange();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("selectionchange", onSelectionChange);
      document.removeEventListener("contextmenu", onContextMenu);
      document.removeEventListener("mousedown", onPointerDown, true);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [container, menu, reel]);

  return [target, () => setTarget(null)];
}
