/**
 * Which heading of an introduction or help page is the current one while the reader scrolls
 * (spec sections 2 and 9): the last heading whose top has reached the top of the window, the first
 * one before any has, and the last one once the page is scrolled to within 400 px of its bottom.
 */

/** Spec section 9: the current heading is worked out at most every 100 ms while scrolling. */
export const HEADING_THROTTLE_MS = 100;
/** Spec section 9: on introduction pages "near the bottom" is within 400 px of it. */
export const NEAR_BOTTOM_PX = 400;
/** A heading this close under the window's top counts as reached (it is where an anchor puts it). */
export const HEADING_REACHED_PX = 80;

export type PageScroll = {
  /** Each heading's top relative to the window's top, in document order. */
  headingTops: readonly number[];
  scrollTop: number;
  viewportHeight: number;
  scrollHeight: number;
};

/** The index of the current heading, or -1 when there are none. */
export function currentHeadingIndex(page: PageScroll): number {
  const count = page.headingTops.length;
  if (count === 0) return -1;
  const toBottom = page.scrollHeight - (page.scrollTop + page.viewportHeight);
  if (page.scrollTop > 0 && toBottom <= NEAR_BOTTOM_PX) return count - 1;
  let current = 0;
  page.headingTops.forEach((top, index) => {
    if (top <= HEADING_REACHED_PX) current = index;
  });
  return current;
}
