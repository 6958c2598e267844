import { describe, expect, it } from "vitest";
import type { CatalogNode } from "../../contract/canon.ts";
import { charColumnImgQuery } from "../../contract/charImage.ts";
import { countDisplay } from "../../contract/count-display.ts";
import {
  countNodes,
  EXPAND_ALL_MAX_NODES,
  indexTree,
  initialOpenItems,
  nodeLabel,
} from "../../src/features/reader-reel/catalogTree.ts";
import {
  charCrop,
  charNumberAt,
  createHoverScheduler,
  HOVER_HIDE_MS,
  HOVER_SHOW_MS,
  type Timers,
} from "../../src/features/reader-reel/charHover.ts";
import { FONT_STACKS, fontFamilyFor } from "../../src/features/reader-reel/fontStacks.ts";
import { visiblePart } from "../../src/features/reader-reel/guidePlacement.ts";
import {
  CLOSED,
  finishesGuide,
  GUIDE_HIGHLIGHT_DELAY_MS,
  type GuideAction,
  type GuideState,
  guideReducer,
} from "../../src/features/reader-reel/readingGuide.ts";
import { DEFAULT_SETTINGS, normaliseSettings } from "../../src/features/reader-reel/readingSettings.ts";

const node = (reel: string, line: string, children: CatalogNode[] = []): CatalogNode => ({
  key: `${reel}:${line}`,
  reel_uid: reel,
  line_uid: line,
  type: "品",
  std_txt: `${line} 繁`,
  sim_txt: `${line} 简`,
  children,
});

/** A clock the test moves by hand. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set(run, ms) {
      const id = nextId++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clear(id) {
      due.delete(id);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      due.delete(next[0]);
      now = next[1].at;
      next[1].run();
    }
    now = end;
  };
  return { timers, advance };
}

describe("reading guide steps", () => {
  const run = (actions: GuideAction[]): GuideState => actions.reduce(guideReducer, CLOSED);

  it("goes forward and back through three steps, then shows the shortcuts", () => {
    expect(run(["open"])).toEqual({ kind: "guide", step: 0 });
    expect(run(["open", "prev"])).toEqual({ kind: "guide", step: 0 });
    expect(run(["open", "next", "next"])).toEqual({ kind: "guide", step: 2 });
    expect(run(["open", "next", "next", "prev"])).toEqual({ kind: "guide", step: 1 });
    expect(run(["open", "next", "next", "next"])).toEqual({ kind: "shortcuts" });
    expect(run(["open", "next", "next", "next", "close"])).toEqual(CLOSED);
  });

  it("finishes on skip from any step or on going on from the last, and only then", () => {
    const atStep = (step: number): GuideState => ({ kind: "guide", step });
    expect(finishesGuide(atStep(0), guideReducer(atStep(0), "skip"))).toBe(true);
    expect(finishesGuide(atStep(1), guideReducer(atStep(1), "skip"))).toBe(true);
    expect(finishesGuide(atStep(2), guideReducer(atStep(2), "next"))).toBe(true);
    expect(finishesGuide(atStep(1), guideReducer(atStep(1), "next"))).toBe(false);
    // The shortcuts opened from the settings do not count as finishing the guide.
    expect(finishesGuide(CLOSED, guideReducer(CLOSED, "shortcuts"))).toBe(false);
    expect(guideReducer(CLOSED, "skip")).toEqual(CLOSED);
  });

  it("waits 1.5 s before highlighting", () => {
    expect(GUIDE_HIGHLIGHT_DELAY_MS).toBe(1500);
  });

  it("clips a target to what the viewport shows", () => {
    const viewport = { width: 1000, height: 800 };
    expect(visiblePart({ top: -100, left: 50, width: 500, height: 2000 }, viewport)).toEqual({
      top: 0,
      left: 50,
      width: 500,
      height: 800,
    });
    expect(visiblePart({ top: 900, left: 0, width: 10, height: 10 }, viewport)).toBeNull();
  });
});

describe("the contents tree", () => {
  const tree = [node("S_1", "A.1"), node("S_2", "A.9", [node("S_2", "A.9"), node("S_2", "B.3")])];

  it("gives every node a unique value even where the server's keys repeat", () => {
    const entries = indexTree(tree);
    const values: string[] = [];
    const walk = (list: typeof entries) => {
      for (const entry of list) {
        values.push(entry.value);
        walk(entry.children);
      }
    };
    walk(entries);
    expect(values).toEqual(["0", "1", "1.0", "1.1"]);
    expect(countNodes(entries)).toBe(4);
  });

  it("opens every branch of a tree of up to 500 nodes, else only those into the current reel", () => {
    expect(initialOpenItems(indexTree(tree), "S_1")).toEqual(["1"]);
    const big = Array.from({ length: EXPAND_ALL_MAX_NODES / 2 }, (_, i) =>
      node(`S_${i + 1}`, `L.${i + 1}`, [node(`S_${i + 1}`, `M.${i + 1}`)]),
    );
    expect(countNodes(indexTree(big))).toBe(EXPAND_ALL_MAX_NODES);
    expect(initialOpenItems(indexTree(big), "S_1")).toHaveLength(EXPAND_ALL_MAX_NODES / 2);
    const bigger = [...big, node("S_999", "Z.1")];
    expect(initialOpenItems(indexTree(bigger), "S_3")).toEqual(["2"]);
  });

  it("labels a node in the reel's script", () => {
    expect(nodeLabel(node("S_1", "A.1"), "sim_txt")).toBe("A.1 简");
    expect(nodeLabel(node("S_1", "A.1"), "ori_txt")).toBe("A.1 繁");
  });
});

describe("character image on hover", () => {
  it("numbers chars as char ids do, skipping punctuation", () => {
    const text = "如是我聞：一時，佛在𠀀國。";
    expect(charNumberAt(text, 0)).toBe(1);
    expect(charNumberAt(text, 3)).toBe(4);
    expect(charNumberAt(text, 4)).toBeNull();
    expect(charNumberAt(text, 5)).toBe(5);
    const rare = text.indexOf("𠀀");
    expect(charNumberAt(text, rare)).toBe(9);
    expect(charNumberAt(text, rare + 1)).toBe(9);
    expect(charNumberAt(text, rare + 2)).toBe(10);
    expect(charNumberAt(text, text.length)).toBeNull();
  });

  it("names the char as the server expects", () => {
    expect(charColumnImgQuery.safeParse({ page_uid: "QL_24_17", char_sn: "3.12" }).success).toBe(true);
    expect(charColumnImgQuery.safeParse({ page_uid: "QL_24_17", char_sn: "0.1" }).success).toBe(false);
    expect(charColumnImgQuery.safeParse({ page_uid: "nope", char_sn: "1.1" }).success).toBe(false);
  });

  /** A hover scheduler on hand-moved timers that logs what it shows and hides. */
  const loggedHover = () => {
    const { timers, advance } = manualTimers();
    const seen: string[] = [];
    const hover = createHoverScheduler(timers, {
      show: (key) => seen.push(`show ${key}`),
      hide: () => seen.push("hide"),
    });
    return { hover, advance, seen };
  };

  it("shows after the pointer rests 300 ms and hides 100 ms after it leaves", () => {
    const { hover, advance, seen } = loggedHover();
    hover.point("a");
    advance(HOVER_SHOW_MS - 1);
    expect(seen).toEqual([]);
    advance(1);
    expect(seen).toEqual(["show a"]);
    hover.point("a");
    hover.point(null);
    advance(HOVER_HIDE_MS - 1);
    expect(seen).toEqual(["show a"]);
    advance(1);
    expect(seen).toEqual(["show a", "hide"]);
  });

  it("keeps the image when the pointer comes back within 100 ms, and moves on to the next char", () => {
    const { hover, advance, seen } = loggedHover();
    hover.point("a");
    advance(HOVER_SHOW_MS);
    hover.point(null);
    advance(50);
    hover.point("a");
    advance(1000);
    expect(seen).toEqual(["show a"]);
    hover.point("b");
    advance(HOVER_HIDE_MS);
    expect(seen).toEqual(["show a", "hide"]);
    advance(HOVER_SHOW_MS - HOVER_HIDE_MS);
    expect(seen).toEqual(["show a", "hide", "show b"]);
    hover.point("c");
    hover.dispose();
    advance(1000);
    expect(seen).toEqual(["show a", "hide", "show b"]);
  });

  it("cuts the char's box out of its column image, scaled to the popup", () => {
    expect(charCrop({ w: 40, h: 800 }, { x: 5, y: 100, w: 30, h: 20 }, 90)).toEqual({
      width: "90px",
      height: "60px",
      backgroundSize: "120px 2400px",
      backgroundPosition: "-15px -300px",
    });
  });
});

describe("display settings of the reel screen", () => {
  it("keeps the font type among default, kai and tripitaka, default first", () => {
    expect(DEFAULT_SETTINGS.fontType).toBe("default");
    expect(normaliseSettings({ fontType: "kai" }).fontType).toBe("kai");
    expect(normaliseSettings({ fontType: "comic" }).fontType).toBe("default");
  });

  it("starts with the guide not done and the char image on, as the spec's defaults say", () => {
    expect(normaliseSettings({})).toMatchObject({ isGuide: false, charImageShow: true });
    expect(normaliseSettings({ isGuide: true, charImageShow: false })).toMatchObject({
      isGuide: true,
      charImageShow: false,
    });
  });

  it("keeps the reader's script when stored settings lack a text type", () => {
    expect(normaliseSettings({ isGuide: true }, "sim_txt").textType).toBe("sim_txt");
  });

  it("gives each font type its own stack, ending in a generic serif", () => {
    expect(fontFamilyFor("kai")).toMatch(/^"KaiTi", /);
    expect(fontFamilyFor("tripitaka")).toMatch(/^"HanaMinA", /);
    for (const type of ["default", "kai", "tripitaka"] as const) {
      expect(fontFamilyFor(type).endsWith(", serif")).toBe(true);
      expect(FONT_STACKS[type].some((name) => name === "BabelStone Han" || name.startsWith("Noto"))).toBe(
        true,
      );
    }
  });

  it("shows large counts in ten-thousands outside English", () => {
    expect(countDisplay(72072, "zh-CN")).toEqual({ kind: "tenThousands", value: "7.2" });
    expect(countDisplay(10000, "zh-TW")).toEqual({ kind: "plain", value: 10000 });
    expect(countDisplay(72072, "en")).toEqual({ kind: "plain", value: 72072 });
  });
});
