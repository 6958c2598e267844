/**
 * Character image on hover (spec sections 2 and 9): which char the pointer rests on, when its
 * image shows (300 ms after it arrives) and hides (100 ms after it leaves), and how the char's
 * box is cut out of its column image.
 */
import { countChars } from "../../../contract/text-forms.ts";

export const HOVER_SHOW_MS = 300;
export const HOVER_HIDE_MS = 100;

/**
 * The char number (from 1, counting chars only, as char ids do) of the char at UTF-16 `offset`
 * in a line's text; null when that is punctuation, space or past the end.
 */
export function charNumberAt(text: string, offset: number): number | null {
  if (offset < 0 || offset >= text.length) return null;
  let start = offset;
  const unit = text.charCodeAt(start);
  if (unit >= 0xdc00 && unit <= 0xdfff && start > 0) start--;
  const char = String.fromCodePoint(text.codePointAt(start) as number);
  if (countChars(char) === 0) return null;
  return countChars(text.slice(0, start)) + 1;
}

export type Timers = {
  set(run: () => void, ms: number): number;
  clear(id: number): void;
};

/**
 * Follows the char under the pointer (`point(key)`, null for none) and calls `show` once a key
 * has been pointed at for `HOVER_SHOW_MS`, `hide` once the shown key has been left for
 * `HOVER_HIDE_MS`.
 */
export function createHoverScheduler(timers: Timers, handlers: { show(key: string): void; hide(): void }) {
  let shown: string | null = null;
  let pending: string | null = null;
  let showTimer: number | null = null;
  let hideTimer: number | null = null;
  const cancel = (id: number | null) => {
    if (id !== null) timers.clear(id);
  };
  return {
    point(key: string | null): void {
      if (key !== null && key === shown) {
        cancel(hideTimer);
        hideTimer = null;
        cancel(showTimer);
        showTimer = null;
        pending = null;
        return;
      }
      if (key !== null && key === pending) return;
      cancel(showTimer);
      showTimer = null;
      pending = key;
      if (shown !== null && hideTimer === null) {
        hideTimer = timers.set(() => {
          hideTimer = null;
          shown = null;
          handlers.hide();
        }, HOVER_HIDE_MS);
      }
      if (key !== null) {
        showTimer = timers.set(() => {
          showTimer = null;
          pending = null;
          cancel(hideTimer);
          hideTimer = null;
          shown = key;
          handlers.show(key);
        }, HOVER_SHOW_MS);
      }
    },
    dispose(): void {
      cancel(showTimer);
      cancel(hideTimer);
      showTimer = hideTimer = null;
    },
  };
}

export type Box = { x: number; y: number; w: number; h: number };

/**
 * CSS for a box of at most `size` px on its longer side showing only the char's part of the
 * column image (`w` × `h` px).
 */
export function charCrop(image: { w: number; h: number }, box: Box, size: number) {
  const scale = size / Math.max(box.w, box.h, 1);
  const px = (n: number) => `${Math.round(n * 100) / 100}px`;
  return {
    width: px(box.w * scale),
    height: px(box.h * scale),
    backgroundSize: `${px(image.w * scale)} ${px(image.h * scale)}`,
    backgroundPosition: `${px(-box.x * scale)} ${px(-box.y * scale)}`,
  };
}
