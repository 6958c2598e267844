/**
 * Where the reading guide's card goes on screen: beside the part of the screen its step explains,
 * on the first side of that part with room for it, with an arrow pointing at the part.
 */
import type { GuideTarget } from "./readingGuide.ts";

export type Rect = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };

/** The side of its anchor a step's card is on, in Fluent's positioning terms. */
export type GuideSide = "above" | "below" | "before" | "after";
/**
 * Where a step's card goes: against `anchor` on `side`, the named edges of card and anchor lined
 * up, with an arrow pointing at the anchor unless the step's part cannot be found.
 */
export type GuidePlacement = {
  anchor: Rect;
  side: GuideSide;
  align: "top" | "start" | "end";
  arrow: boolean;
};

/** The space between a card and its anchor, which the arrow spans (Fluent's medium arrow). */
export const GUIDE_ARROW_GAP = 8;
/** The least space between a card and the viewport's edges. */
export const GUIDE_MARGIN = 8;

/**
 * The sides each step's card may take, best first. The text's card goes where it covers none of
 * the text: beside it over the side panel, or above it over the tool bar.
 */
export const GUIDE_SIDES: Record<GuideTarget, readonly GuideSide[]> = {
  catalogue: ["after", "below"],
  toolbar: ["below", "above"],
  text: ["before", "above"],
};

const across = (side: GuideSide) => side === "above" || side === "below";

function fits(side: GuideSide, anchor: Rect, card: Size, viewport: Size): boolean {
  const room = {
    above: anchor.top,
    below: viewport.height - anchor.top - anchor.height,
    before: anchor.left,
    after: viewport.width - anchor.left - anchor.width,
  }[side];
  const depth = across(side) ? card.height : card.width;
  const breadth = across(side) ? card.width <= viewport.width : card.height <= viewport.height;
  return breadth && room >= depth + GUIDE_ARROW_GAP + GUIDE_MARGIN;
}

/**
 * Where the card of the step pointing at `target` goes, given what the viewport shows of the
 * target (`pinnedPart`; null when it cannot be found): on the first of the step's sides with room
 * for the card; with room on none, just inside the part's top edge at its end, where lines of text
 * seldom reach; with nothing to point at, in the middle of the viewport without an arrow.
 */
export function placeGuide(
  target: GuideTarget,
  rect: Rect | null,
  card: Size,
  viewport: Size,
): GuidePlacement {
  if (!rect) {
    const anchor = {
      top: Math.max(GUIDE_MARGIN, (viewport.height - card.height) / 2),
      left: Math.max(GUIDE_MARGIN, (viewport.width - card.width) / 2),
      width: card.width,
      height: 0,
    };
    return { anchor, side: "below", align: "start", arrow: false };
  }
  const side = GUIDE_SIDES[target].find((candidate) => fits(candidate, rect, card, viewport));
  if (side) return { anchor: rect, side, align: across(side) ? "start" : "top", arrow: true };
  return { anchor: { ...rect, height: 0 }, side: "below", align: "end", arrow: true };
}

const clamp = (value: number, least: number, most: number) => Math.min(Math.max(value, least), most);

/**
 * What the card points at: the part of `rect` inside the viewport, or, for a part scrolled out of
 * view, its edge pinned to the viewport's nearest edge, so that the arrow points the way to it.
 */
export function pinnedPart(rect: Rect, viewport: Size): Rect {
  const top = clamp(rect.top, 0, viewport.height);
  const left = clamp(rect.left, 0, viewport.width);
  const bottom = clamp(rect.top + rect.height, 0, viewport.height);
  const right = clamp(rect.left + rect.width, 0, viewport.width);
  return { top, left, width: right - left, height: bottom - top };
}

/** The part of `rect` inside the viewport, or null when none of it is. */
export function visiblePart(rect: Rect, viewport: Size): Rect | null {
  const top = Math.max(rect.top, 0);
  const left = Math.max(rect.left, 0);
  const bottom = Math.min(rect.top + rect.height, viewport.height);
  const right = Math.min(rect.left + rect.width, viewport.width);
  if (bottom <= top || right <= left) return null;
  return { top, left, width: right - left, height: bottom - top };
}
