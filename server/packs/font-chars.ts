/**
 * The characters a pack carries font subsets for: those the readers draw with the dynamic font
 * (contract/font-chars.ts) that a device's installed fonts are least likely to draw. A
 * device asks the dynamic font for private-use characters always and for the checked range (U+3000
 * to U+3FFFF) only where no installed font draws a character; the server cannot probe a device's
 * fonts, so it leaves out the blocks every CJK system font draws (CJK punctuation, kana, the CJK
 * Unified Ideographs of U+4E00–U+9FFF, and the fullwidth forms) and carries the rest: extensions A
 * to H, compatibility ideographs and the like. A device still fetches a subset for any other character it lacks.
 */
import { byCodePoint, isCheckedRange, isPrivateUse } from "../../contract/font-chars.ts";

const COMMONLY_DRAWN: readonly (readonly [number, number])[] = [
  [0x3000, 0x30ff],
  [0x4e00, 0x9fff],
  [0xff00, 0xffef],
];

export function needsPackFont(cp: number): boolean {
  if (isPrivateUse(cp)) return true;
  return isCheckedRange(cp) && !COMMONLY_DRAWN.some(([first, last]) => cp >= first && cp <= last);
}

/** Adds the characters of `text` that need a pack font to `into`. */
export function addPackFontChars(text: string, into: Set<string>): void {
  for (const char of text) {
    if (!into.has(char) && needsPackFont(char.codePointAt(0) ?? 0)) into.add(char);
  }
}

export const sortedChars = (chars: Iterable<string>): string[] => [...chars].sort(byCodePoint);
