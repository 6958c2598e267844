import { describe, expect, it } from "vitest";
import { dictionariesFor, isSingleChar } from "../../src/features/reader-reel/selection/dictionaries.ts";
import {
  MENU_GAP,
  MENU_MARGIN,
  MENU_TOP_THRESHOLD,
  menuSide,
  placeMenu,
} from "../../src/features/reader-reel/selection/placement.ts";

const box = (top: number, height = 24, left = 400, width = 120) => ({
  top,
  bottom: top + height,
  left,
  right: left + width,
});
const menu = { width: 160, height: 200 };
const noScroll = { x: 0, y: 0 };

describe("the selection menu's place", () => {
  it.each([
    [MENU_TOP_THRESHOLD + 1, "above"],
    [600, "above"],
    [MENU_TOP_THRESHOLD, "below"],
    [20, "below"],
    [-40, "below"],
  ])("for a selection %i px from the top of the viewport is %s it", (top, side) => {
    expect(menuSide(box(top))).toBe(side);
  });

  it("sits its gap above the selection, centred on it", () => {
    const placed = placeMenu(box(400), menu, 1280, noScroll);
    expect(placed).toEqual({ side: "above", top: 400 - MENU_GAP - 200, left: 460 - 80 });
  });

  it("sits its gap below a selection near the top", () => {
    const placed = placeMenu(box(100), menu, 1280, noScroll);
    expect(placed).toEqual({ side: "below", top: 124 + MENU_GAP, left: 380 });
  });

  it("is given in document coordinates when the page is scrolled", () => {
    const placed = placeMenu(box(400), menu, 1280, { x: 10, y: 3000 });
    expect(placed.top).toBe(3000 + 400 - MENU_GAP - 200);
    expect(placed.left).toBe(390);
  });

  it("stays inside the viewport sideways", () => {
    expect(placeMenu(box(400, 24, 0, 20), menu, 1280, noScroll).left).toBe(MENU_MARGIN);
    expect(placeMenu(box(400, 24, 1260, 20), menu, 1280, noScroll).left).toBe(1280 - MENU_MARGIN - 160);
  });
});

describe("the dictionaries offered", () => {
  const ids = (text: string) => dictionariesFor(text).map((d) => d.id);

  it("include the character and variant dictionaries only for one character", () => {
    expect(ids("佛")).toEqual(["zdic", "variants", "ddb"]);
    expect(ids(" 𠀀 ")).toEqual(["zdic", "variants", "ddb"]);
    expect(ids("般若")).toEqual(["ddb"]);
    expect(ids("  ")).toEqual([]);
    expect(isSingleChar("\u{F0001}")).toBe(true);
  });

  it("carry the selected text in each address", () => {
    const [zdic, variants, ddb] = dictionariesFor("佛");
    expect(zdic?.url("佛")).toBe("https://www.zdic.net/hans/%E4%BD%9B");
    expect(variants?.url("佛")).toBe("https://dict.variants.moe.edu.tw/search.jsp?QTP=0&WORD=%E4%BD%9B");
    expect(ddb?.url("般若")).toBe(
      "https://www.buddhism-dict.net/cgi-bin/search-ddb4.pl?Terms=%E8%88%AC%E8%8B%A5",
    );
  });
});
