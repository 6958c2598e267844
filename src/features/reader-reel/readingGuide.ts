/**
 * The reading guide (spec sections 4 and 9): three steps, each pointing at one part of the
 * screen, with next and previous. Skipping, or going on from the last step, finishes the guide
 * and shows the keyboard shortcuts. The highlight appears 1.5 s after the guide opens, once the
 * reel's layout has settled.
 */
export const GUIDE_HIGHLIGHT_DELAY_MS = 1500;

/** The parts of the screen the steps point at, found by `data-guide-target`. */
export const GUIDE_STEPS = ["catalogue", "toolbar", "text"] as const;
export type GuideTarget = (typeof GUIDE_STEPS)[number];
export const LAST_STEP = GUIDE_STEPS.length - 1;

export type GuideState = { kind: "closed" } | { kind: "guide"; step: number } | { kind: "shortcuts" };
export type GuideAction = "open" | "next" | "prev" | "skip" | "shortcuts" | "close";

export const CLOSED: GuideState = { kind: "closed" };

export function guideReducer(state: GuideState, action: GuideAction): GuideState {
  switch (action) {
    case "open":
      return { kind: "guide", step: 0 };
    case "shortcuts":
      return { kind: "shortcuts" };
    case "close":
      return CLOSED;
    case "skip":
      return state.kind === "guide" ? { kind: "shortcuts" } : state;
    case "next":
      if (state.kind !== "guide") return state;
      return state.step < LAST_STEP ? { kind: "guide", step: state.step + 1 } : { kind: "shortcuts" };
    case "prev":
      if (state.kind !== "guide" || state.step === 0) return state;
      return { kind: "guide", step: state.step - 1 };
  }
}

/** Whether going from `before` to `after` finishes the guide (it is then kept as done). */
export const finishesGuide = (before: GuideState, after: GuideState): boolean =>
  before.kind === "guide" && after.kind === "shortcuts";

export type Rect = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };

const GAP = 12;

/**
 * Where the step's card goes: to the right of the highlighted part (level with its middle, clear
 * of the tool bar) if it fits, else below it, else above it, else over its top; always kept
 * inside the viewport.
 */
export function placeCard(target: Rect | null, card: Size, viewport: Size): { top: number; left: number } {
  const clamp = (value: number, size: number, room: number) =>
    Math.max(GAP, Math.min(value, room - size - GAP));
  if (!target) {
    return {
      top: clamp((viewport.height - card.height) / 2, card.height, viewport.height),
      left: clamp((viewport.width - card.width) / 2, card.width, viewport.width),
    };
  }
  const right = target.left + target.width + GAP;
  if (right + card.width + GAP <= viewport.width) {
    const middle = target.top + (target.height - card.height) / 2;
    return { top: clamp(middle, card.height, viewport.height), left: right };
  }
  const below = target.top + target.height + GAP;
  const left = clamp(target.left, card.width, viewport.width);
  if (below + card.height + GAP <= viewport.height) return { top: below, left };
  const above = target.top - GAP - card.height;
  if (above >= GAP) return { top: above, left };
  return { top: clamp(target.top + GAP, card.height, viewport.height), left };
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
