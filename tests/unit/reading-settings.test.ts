import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  loadSettings,
  normaliseSettings,
  READING_SETTINGS_KEY,
  saveSettings,
  withoutPunctuation,
} from "../../src/features/reader-reel/readingSettings.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("reading settings", () => {
  it("uses the spec's defaults: size 18, line spacing 40, letter spacing 2", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      fontSize: 18,
      lineSpacing: 40,
      wordSpacing: 2,
      punctuationShow: true,
    });
  });

  it("keeps sizes within 12-60 and letter spacing within 0-60", () => {
    expect(normaliseSettings({ fontSize: 11, lineSpacing: 61, wordSpacing: -1 })).toMatchObject({
      fontSize: 18,
      lineSpacing: 40,
      wordSpacing: 2,
    });
    expect(normaliseSettings({ fontSize: 60, lineSpacing: 12, wordSpacing: 0 })).toMatchObject({
      fontSize: 60,
      lineSpacing: 12,
      wordSpacing: 0,
    });
  });

  it("turns line heads off with line breaks", () => {
    expect(normaliseSettings({ lineShow: false, lineHeadShow: true }).lineHeadShow).toBe(false);
    expect(normaliseSettings({ lineShow: true, lineHeadShow: true }).lineHeadShow).toBe(true);
  });

  it("accepts only the four text types", () => {
    expect(normaliseSettings({ textType: "ori_txt" }).textType).toBe("ori_txt");
    expect(normaliseSettings({ textType: "html" }).textType).toBe("std_txt");
  });

  it("round-trips through storage and survives garbage", () => {
    const storage = memoryStorage();
    expect(loadSettings(storage, "sim_txt").textType).toBe("sim_txt");
    saveSettings(storage, { ...DEFAULT_SETTINGS, fontSize: 24 });
    expect(loadSettings(storage, "sim_txt").fontSize).toBe(24);
    storage.map.set(READING_SETTINGS_KEY, "{not json");
    expect(loadSettings(storage, "uni_txt")).toEqual({ ...DEFAULT_SETTINGS, textType: "uni_txt" });
  });

  it("hides punctuation on request", () => {
    expect(withoutPunctuation("如是我聞：一時，佛在舍衛國。")).toBe("如是我聞一時佛在舍衛國");
  });
});
