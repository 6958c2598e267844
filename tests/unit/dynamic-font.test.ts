import { describe, expect, it } from "vitest";
import {
  BATCH_SIZE,
  batchChars,
  DYNAMIC_FONT_NAME,
  isCheckedRange,
  isPrivateUse,
  neededChars,
  shouldSaveSubset,
  subsetKey,
  unicodeRange,
} from "../../contract/font-chars.ts";
import { distinctFontChars, MAX_FONT_CHARS } from "../../contract/fonts.ts";
import { dismissFontTip, FONT_TIP_KEY, isFontTipDismissed } from "../../src/features/fonts/fontTip.ts";
import { drawsLikeTofu } from "../../src/features/fonts/glyphProbe.ts";
import { memoryStorage } from "../support/memory-storage.ts";

const chars = (first: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => String.fromCodePoint(first + i));

describe("which characters need the dynamic font", () => {
  const extB = "𤦲"; // U+249B2
  const extA = "㐀"; // U+3400
  const pua15 = String.fromCodePoint(0xf0123);
  const puaBmp = "\uE000";

  it("always asks for private-use characters, whatever the installed fonts say", () => {
    expect(neededChars(`如是${pua15}我聞${puaBmp}`, () => true)).toEqual([puaBmp, pua15]);
    expect(isPrivateUse(0x10fffd)).toBe(true);
    expect(isPrivateUse(0xf900)).toBe(false);
  });

  it("asks for characters of U+3000–U+3FFFF only when no installed font draws them", () => {
    const installed = (char: string) => char !== extB;
    expect(neededChars(`佛說${extB}${extA}經`, installed)).toEqual([extB]);
    expect(neededChars(`佛說${extB}`, () => false)).toEqual(["佛", "說", extB]);
    expect(isCheckedRange(0x3000)).toBe(true);
    expect(isCheckedRange(0x3ffff)).toBe(true);
    expect(isCheckedRange(0x2fff)).toBe(false);
    expect(isCheckedRange(0xe000)).toBe(false);
  });

  it("never asks about Latin text or punctuation outside the range, and asks each character once", () => {
    let asked = 0;
    const needed = neededChars(`abc, 1.${extB}${extB}${extB}`, () => {
      asked += 1;
      return false;
    });
    expect(needed).toEqual([extB]);
    expect(asked).toBe(1);
  });

  it("lists the characters by code point, so the same text gives the same requests", () => {
    expect(neededChars(`${extB}佛${pua15}`, () => false)).toEqual(["佛", extB, pua15]);
  });
});

describe("batches of 500", () => {
  it("sends up to 599 characters in one request and splits more into 500s", () => {
    expect(batchChars([])).toEqual([]);
    expect(batchChars(chars(0x4e00, 10)).map((b) => b.length)).toEqual([10]);
    expect(batchChars(chars(0x4e00, 599)).map((b) => b.length)).toEqual([599]);
    expect(batchChars(chars(0x4e00, 600)).map((b) => b.length)).toEqual([500, 100]);
    expect(batchChars(chars(0x4e00, 1099)).map((b) => b.length)).toEqual([500, 599]);
    expect(batchChars(chars(0x4e00, 1234)).map((b) => b.length)).toEqual([500, 500, 234]);
  });

  it("keeps every character exactly once, in order, within the server's limit", () => {
    const all = chars(0x20000, 2345);
    const batches = batchChars(all);
    expect(batches.flat()).toEqual(all);
    for (const batch of batches) {
      expect(distinctFontChars(batch.join("")).length).toBeLessThanOrEqual(MAX_FONT_CHARS);
    }
    expect(batches.slice(0, -1).every((b) => b.length === BATCH_SIZE)).toBe(true);
  });
});

describe("the subset cache", () => {
  it("keys a subset by font name and its characters, whatever their order or repeats", () => {
    expect(subsetKey("NotoSerifSC", ["說", "佛", "佛"])).toBe(subsetKey("NotoSerifSC", ["佛", "說"]));
    expect(subsetKey("NotoSerifSC", ["佛"])).not.toBe(subsetKey("kai", ["佛"]));
  });

  it("skips saving subsets under 20 characters unless the font is NotoSerifSC", () => {
    expect(shouldSaveSubset("RuShiSongMin", 19)).toBe(false);
    expect(shouldSaveSubset("RuShiSongMin", 20)).toBe(true);
    expect(shouldSaveSubset("NotoSerifSC", 1)).toBe(true);
    expect(shouldSaveSubset(DYNAMIC_FONT_NAME, 1)).toBe(true);
  });
});

describe("unicode-range of a subset", () => {
  it("names single code points and joins runs", () => {
    expect(unicodeRange(["佛"])).toBe("U+4F5B");
    expect(unicodeRange(["\u4E02", "\u4E00", "\u4E01", "𤦲", "\u4E05"])).toBe("U+4E00-4E02, U+4E05, U+249B2");
    expect(unicodeRange([String.fromCodePoint(0xf0123), String.fromCodePoint(0xf0124)])).toBe(
      "U+F0123-F0124",
    );
  });
});

describe("telling a glyph from the missing-glyph box", () => {
  const tofu = { width: 16, alpha: new Uint8ClampedArray([0, 255, 255, 0]) };

  it("takes a different advance as a drawn glyph without reading pixels", () => {
    expect(drawsLikeTofu({ width: 32, alpha: null }, tofu)).toBe(false);
  });

  it("compares pixels when the advances agree", () => {
    expect(drawsLikeTofu({ width: 16, alpha: new Uint8ClampedArray([0, 255, 255, 0]) }, tofu)).toBe(true);
    expect(drawsLikeTofu({ width: 16, alpha: new Uint8ClampedArray([0, 255, 254, 0]) }, tofu)).toBe(false);
  });
});

describe("the font tip", () => {
  it("stays dismissed per tripitaka", () => {
    const storage = memoryStorage();
    expect(isFontTipDismissed(storage, "JS")).toBe(false);
    dismissFontTip(storage, "JS");
    dismissFontTip(storage, "JS");
    expect(isFontTipDismissed(storage, "JS")).toBe(true);
    expect(isFontTipDismissed(storage, "TS")).toBe(false);
    expect(JSON.parse(storage.map.get(FONT_TIP_KEY) ?? "")).toEqual(["JS"]);
  });

  it("treats an unreadable record as nothing dismissed", () => {
    const storage = memoryStorage();
    storage.setItem(FONT_TIP_KEY, "{not json");
    expect(isFontTipDismissed(storage, "JS")).toBe(false);
    dismissFontTip(storage, "TS");
    expect(isFontTipDismissed(storage, "TS")).toBe(true);
  });
});
