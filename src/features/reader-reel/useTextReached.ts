/**
 * Becomes true the first time a reader reaches the reel text: the pointer moves over it, focus
 * enters it, or a selection starts. The selection menu loads then, before the first selection or
 * right-click it has to answer, and not on the way to the first text.
 */
import { type RefObject, useEffect, useState } from "react";

export function useTextReached(textRef: RefObject<HTMLElement | null>, ready: boolean): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const text = textRef.current;
    if (reached || !ready || !text) return;
    const reach = () => setReached(true);
    const onSelection = () => {
      const selection = document.getSelection();
      if (selection?.anchorNode && text.contains(selection.anchorNode)) reach();
    };
    text.addEventListener("pointerover", reach);
    text.addEventListener("focusin", reach);
    text.addEventListener("touchstart", reach, { passive: true });
    document.addEventListener("selectionchange", onSelection);
    return () => {
      text.removeEventListener("pointerover", reach);
      text.removeEventListener("focusin", reach);
      text.removeEventListener("touchstart", reach);
      document.removeEventListener("selectionchange", onSelection);
    };
  }, [textRef, ready, reached]);
  return reached;
}
