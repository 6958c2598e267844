/**
 * Which note's popover is open, and how the marks open it: a mouse resting on a mark opens it
 * (and leaving mark and popover closes it again), a click, tap or Enter opens it to stay until
 * dismissed. One listener on the text serves every mark.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

export const HOVER_OPEN_MS = 200;
export const HOVER_CLOSE_MS = 300;

export type OpenNote = { entry: number; target: HTMLElement; pinned: boolean };

const markOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>("button[data-note]") : null;

export function useNotePopover(textRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState<OpenNote | null>(null);
  const current = useRef(open);
  current.current = open;
  const timer = useRef<number | undefined>(undefined);
  const clearTimer = useCallback(() => window.clearTimeout(timer.current), []);
  const later = useCallback(
    (run: () => void, ms: number) => {
      clearTimer();
      timer.current = window.setTimeout(run, ms);
    },
    [clearTimer],
  );
  const closeSoon = useCallback(() => {
    if (current.current && !current.current.pinned) later(() => setOpen(null), HOVER_CLOSE_MS);
  }, [later]);

  useEffect(() => {
    const text = textRef.current;
    if (!text) return;
    const onOver = (event: PointerEvent) => {
      const mark = markOf(event.target);
      if (!mark || event.pointerType !== "mouse" || current.current?.pinned) return;
      const entry = Number(mark.dataset.note);
      if (current.current?.entry === entry) {
        clearTimer();
        return;
      }
      later(() => setOpen({ entry, target: mark, pinned: false }), HOVER_OPEN_MS);
    };
    const onOut = (event: PointerEvent) => {
      if (!markOf(event.target) || event.pointerType !== "mouse") return;
      if (current.current) closeSoon();
      else clearTimer();
    };
    const onClick = (event: MouseEvent) => {
      const mark = markOf(event.target);
      if (!mark) return;
      event.preventDefault();
      clearTimer();
      const entry = Number(mark.dataset.note);
      const was = current.current;
      setOpen(was?.pinned && was.entry === entry ? null : { entry, target: mark, pinned: true });
    };
    text.addEventListener("pointerover", onOver);
    text.addEventListener("pointerout", onOut);
    text.addEventListener("click", onClick);
    return () => {
      text.removeEventListener("pointerover", onOver);
      text.removeEventListener("pointerout", onOut);
      text.removeEventListener("click", onClick);
    };
  }, [textRef, later, clearTimer, closeSoon]);

  useEffect(() => clearTimer, [clearTimer]);
  const close = useCallback(() => setOpen(null), []);

  return {
    open,
    /** Closes the popover; a click or touch on a mark is left to that mark. */
    dismiss(event: { target: EventTarget | null; type: string }) {
      if (event.type !== "keydown" && markOf(event.target)) return;
      clearTimer();
      const was = current.current;
      setOpen(null);
      if (event.type === "keydown" && was?.target.isConnected) was.target.focus();
    },
    close,
    /** The pointer is over the popover: it stays. */
    hold: clearTimer,
    /** The pointer left the popover: an unpinned one closes. */
    release: closeSoon,
  };
}
