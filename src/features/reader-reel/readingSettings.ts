/**
 * The reel reader's display settings (spec sections 3, 5 and 9): defaults, limits, and their
 * keeping in localStorage. Values out of range or of the wrong kind fall back to the default.
 */

import type { Script } from "../../../contract/names.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import type { KeyValueStorage } from "../../auth/authState.ts";

export const READING_SETTINGS_KEY = "canon-reader.reading-settings";

export const fontTypes = ["default", "kai", "tripitaka"] as const;
export type FontType = (typeof fontTypes)[number];

export type ReadingSettings = {
  textType: TxtType;
  fontType: FontType;
  fontSize: number;
  lineSpacing: number;
  wordSpacing: number;
  /** Original line breaks (one column per line) rather than running paragraphs. */
  lineShow: boolean;
  /** Column ids at the head of each line; only with line breaks on. */
  lineHeadShow: boolean;
  punctuationShow: boolean;
  /** A character's scanned image shows when the pointer rests on it. */
  charImageShow: boolean;
  /** The collation apparatus's marks show in the text. */
  notesShow: boolean;
  /** The reading guide has been finished or skipped. */
  isGuide: boolean;
};

export const LIMITS = {
  fontSize: { min: 12, max: 60 },
  lineSpacing: { min: 12, max: 60 },
  wordSpacing: { min: 0, max: 60 },
} as const;

export const DEFAULT_SETTINGS: ReadingSettings = {
  textType: "std_txt",
  fontType: "default",
  fontSize: 18,
  lineSpacing: 40,
  wordSpacing: 2,
  lineShow: true,
  lineHeadShow: false,
  punctuationShow: true,
  charImageShow: true,
  notesShow: true,
  isGuide: false,
};

const clampTo = (key: keyof typeof LIMITS, value: unknown): number => {
  const { min, max } = LIMITS[key];
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max
    ? Math.round(value)
    : DEFAULT_SETTINGS[key];
};

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === "boolean" ? value : fallback);

/** Makes any stored or edited value a valid settings object. */
export function normaliseSettings(
  raw: unknown,
  fallbackTextType: TxtType = DEFAULT_SETTINGS.textType,
): ReadingSettings {
  const value = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const textType = txtTypes.find((type) => type === value.textType) ?? fallbackTextType;
  const lineShow = flag(value.lineShow, DEFAULT_SETTINGS.lineShow);
  return {
    textType,
    fontType: fontTypes.find((type) => type === value.fontType) ?? DEFAULT_SETTINGS.fontType,
    fontSize: clampTo("fontSize", value.fontSize),
    lineSpacing: clampTo("lineSpacing", value.lineSpacing),
    wordSpacing: clampTo("wordSpacing", value.wordSpacing),
    lineShow,
    // Line heads need the original line breaks (spec section 4).
    lineHeadShow: lineShow && flag(value.lineHeadShow, DEFAULT_SETTINGS.lineHeadShow),
    punctuationShow: flag(value.punctuationShow, DEFAULT_SETTINGS.punctuationShow),
    charImageShow: flag(value.charImageShow, DEFAULT_SETTINGS.charImageShow),
    notesShow: flag(value.notesShow, DEFAULT_SETTINGS.notesShow),
    isGuide: flag(value.isGuide, DEFAULT_SETTINGS.isGuide),
  };
}

/** Whether the text looks as it does by default (what the server may draw before the app starts). */
export function looksAsDefault(settings: ReadingSettings): boolean {
  const keys = [
    "fontType",
    "fontSize",
    "lineSpacing",
    "wordSpacing",
    "lineShow",
    "lineHeadShow",
    "punctuationShow",
  ] as const;
  return keys.every((key) => settings[key] === DEFAULT_SETTINGS[key]);
}

/** The text form a reader's script reads when the settings name none. */
export const textTypeOfScript = (script: Script): TxtType => (script === "sim" ? "sim_txt" : "std_txt");

export function loadSettings(storage: KeyValueStorage, fallbackTextType: TxtType): ReadingSettings {
  try {
    const stored = storage.getItem(READING_SETTINGS_KEY);
    if (stored) return normaliseSettings(JSON.parse(stored), fallbackTextType);
  } catch {
    // Unreadable settings: start from the defaults.
  }
  return { ...DEFAULT_SETTINGS, textType: fallbackTextType };
}

export function saveSettings(storage: KeyValueStorage, settings: ReadingSettings): void {
  try {
    storage.setItem(READING_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or unavailable: the settings last for this page.
  }
}

/** CJK and ASCII punctuation the "punctuation" switch hides. */
const PUNCTUATION = /[，。、；：？！「」『』（）《》〈〉【】“”‘’…—．·,.;:?!()]/gu;

export function withoutPunctuation(text: string): string {
  return text.replace(PUNCTUATION, "");
}
