/**
 * Which characters the site's fonts (the FONT_FILES the dynamic font subsets) draw, read once from
 * the fonts' cmap tables, so a character type shows its glyph where a font has one.
 */
import { readFile } from "node:fs/promises";
import { readCmapCodePoints } from "../fonts/cmap.ts";

export type FontCoverage = { covers(char: string): boolean };

export function fontCoverageReader(fontFiles: readonly string[]): () => Promise<FontCoverage> {
  let loading: Promise<FontCoverage> | null = null;
  const load = async (): Promise<FontCoverage> => {
    const sets: Set<number>[] = [];
    // One file at a time: each is tens of megabytes, and only its code points are kept.
    for (const file of fontFiles) sets.push(readCmapCodePoints(await readFile(file)));
    return { covers: (char) => sets.some((set) => set.has(char.codePointAt(0) ?? -1)) };
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
