/** The font stack that draws the characters shown: the reading fonts, then the dynamic font. */
import { useDynamicFont } from "../fonts/useDynamicFont.ts";
import { fontFamilyFor } from "../reader-reel/fontStacks.ts";

export function useCharFont(text: string, tripitakaUid: string): string {
  const dynamicFont = useDynamicFont(text, tripitakaUid);
  return `${fontFamilyFor("default")}, ${dynamicFont.fontFamily}`;
}
