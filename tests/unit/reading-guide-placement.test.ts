import { describe, expect, it } from "vitest";
import { floatingTurns } from "../../src/features/reader-reel/floatingTurns.ts";
import {
  GUIDE_ARROW_GAP,
  GUIDE_MARGIN,
  pinnedPart,
  placeGuide,
} from "../../src/features/reader-reel/guidePlacement.ts";

/** The reel screen at 1440 × 900 with the side panel open, as the browser lays it out. */
const viewport = { width: 1440, height: 900 };
const card = { width: 272, height: 230 };
const panel = { top: 64, left: 20, width: 256, height: 224 };
const toolbar = { top: 106, left: 296, width: 924, height: 72 };
const text = { top: 194, left: 296, width: 924, height: 706 };

describe("where a reading guide step's card goes", () => {
  it("puts each step's card on the first side of its part with room, lined up with the part", () => {
    expect(placeGuide("catalogue", panel, card, viewport)).toEqual({
      anchor: panel,
      side: "after",
      align: "top",
      arrow: true,
    });
    expect(placeGuide("toolbar", toolbar, card, viewport)).toEqual({
      anchor: toolbar,
      side: "below",
      align: "start",
      arrow: true,
    });
    // Beside the text over the side panel, covering none of the text.
    expect(placeGuide("text", text, card, viewport)).toEqual({
      anchor: text,
      side: "before",
      align: "top",
      arrow: true,
    });
  });

  it("needs room for the card, the arrow's gap and the margin on a side", () => {
    const room = card.width + GUIDE_ARROW_GAP + GUIDE_MARGIN;
    expect(placeGuide("text", { ...text, left: room }, card, viewport).side).toBe("before");
    // With the side panel closed the text's card goes above the text, where the tool bar is.
    const tall = { ...text, left: room - 1, top: card.height + GUIDE_ARROW_GAP + GUIDE_MARGIN };
    expect(placeGuide("text", tall, card, viewport).side).toBe("above");
    const lowToolbar = { ...toolbar, top: 600, height: 60 };
    expect(placeGuide("toolbar", lowToolbar, card, viewport)).toMatchObject({
      side: "above",
      align: "start",
    });
    // A window too narrow beside the panel sends the card below it.
    expect(placeGuide("catalogue", panel, card, { width: 500, height: 900 }).side).toBe("below");
  });

  it("goes just inside the top edge of a part with no room around it, at its end", () => {
    const filling = { top: 0, left: 40, width: 1400, height: 900 };
    expect(placeGuide("text", filling, card, viewport)).toEqual({
      anchor: { top: 0, left: 40, width: 1400, height: 0 },
      side: "below",
      align: "end",
      arrow: true,
    });
  });

  it("points the way to a part scrolled out of view from the viewport's edge", () => {
    const scrolledAway = { ...toolbar, top: -400 };
    const edge = pinnedPart(scrolledAway, viewport);
    expect(edge).toEqual({ top: 0, left: 296, width: 924, height: 0 });
    expect(placeGuide("toolbar", edge, card, viewport)).toMatchObject({ side: "below", arrow: true });
    expect(pinnedPart({ top: 100, left: -50, width: 200, height: 1000 }, viewport)).toEqual({
      top: 100,
      left: 0,
      width: 150,
      height: 800,
    });
  });

  it("centres an arrowless card when the part is not on the page", () => {
    expect(placeGuide("toolbar", null, card, viewport)).toEqual({
      anchor: { top: 335, left: 584, width: 272, height: 0 },
      side: "below",
      align: "start",
      arrow: false,
    });
  });
});

describe("the reel screen's floating parts taking turns", () => {
  it("lets the selection menu go first, then the guide, then the font notice", () => {
    expect(floatingTurns({ selectionMenuOpen: false, catalogueOpen: false, guide: "closed" })).toEqual({
      guideWaits: false,
      fontNoticeWaits: false,
    });
    expect(floatingTurns({ selectionMenuOpen: false, catalogueOpen: false, guide: "guide" })).toEqual({
      guideWaits: false,
      fontNoticeWaits: true,
    });
    expect(floatingTurns({ selectionMenuOpen: true, catalogueOpen: false, guide: "guide" })).toEqual({
      guideWaits: true,
      fontNoticeWaits: true,
    });
    expect(floatingTurns({ selectionMenuOpen: true, catalogueOpen: false, guide: "closed" })).toEqual({
      guideWaits: true,
      fontNoticeWaits: true,
    });
    expect(floatingTurns({ selectionMenuOpen: false, catalogueOpen: true, guide: "guide" })).toEqual({
      guideWaits: true,
      fontNoticeWaits: true,
    });
    // The shortcut list that ends the guide is a dialog over the page: the notice waits for it too.
    expect(
      floatingTurns({ selectionMenuOpen: false, catalogueOpen: false, guide: "shortcuts" }).fontNoticeWaits,
    ).toBe(true);
  });
});
