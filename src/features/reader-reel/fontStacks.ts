/**
 * The text's font families by the "font type" setting (spec section 3: default, kai, tripitaka).
 * Each stack names fonts found on Windows, macOS and Linux (Debian's fonts-arphic-ukai,
 * fonts-hanazono, fonts-babelstone-han and the Noto CJK fonts), widest coverage last before the
 * generic family, so rare characters still find a glyph.
 */
import type { FontType } from "./readingSettings.ts";

const SERIF_FALLBACK = [
  "Noto Serif CJK TC",
  "Noto Serif TC",
  "Source Han Serif TC",
  "Songti TC",
  "HanaMinA",
  "HanaMinB",
  "BabelStone Han",
];

export const FONT_STACKS: Record<FontType, readonly string[]> = {
  default: SERIF_FALLBACK,
  kai: [
    "KaiTi",
    "STKaiti",
    "Kaiti TC",
    "Kaiti SC",
    "BiauKai",
    "DFKai-SB",
    "TW-Kai",
    "AR PL UKai TW",
    "AR PL UKai CN",
    "AR PL KaitiM Big5",
    ...SERIF_FALLBACK,
  ],
  tripitaka: [
    "HanaMinA",
    "HanaMinB",
    "BabelStone Han",
    "MingLiU",
    "PMingLiU",
    "SimSun",
    "Songti TC",
    "STSong",
    "AR PL Mingti2L Big5",
    "Noto Serif CJK TC",
    "Source Han Serif TC",
  ],
};

const GENERIC = "serif";

/** A CSS font-family value: every name quoted, the generic family last. */
export function fontFamilyFor(fontType: FontType): string {
  return [...FONT_STACKS[fontType].map((name) => `"${name}"`), GENERIC].join(", ");
}
