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
