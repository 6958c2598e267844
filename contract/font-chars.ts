/**
 * Which characters of a text need the dynamic font, and how they are asked for (spec sections 7
 * and 9): private-use characters always, characters in U+3000–U+3FFFF only when no installed font
 * draws them; requests of 500 characters (up to 600 when fewer than 100 would be left over); the
 * subsets kept in IndexedDB under the font name and their characters.
 */

/** The family every dynamic subset is registered under; readers append it to their font stack. */
export const DYNAMIC_FONT_FAMILY = "rs-dynamic";

/**
 * The `font_name` of the requests and of the cache records. The spec names NotoSerifSC as the
 * font whose subsets are kept however few characters they hold, which is this font's role here:
 * it fills in the few characters the reading font lacks. The server picks the glyph source.
 */
export const DYNAMIC_FONT_NAME = "NotoSerifSC";

export const BATCH_SIZE = 500;
/** A last batch may grow by this much rather than leave a small request behind. */
export const BATCH_SLACK = 100;

/** Subsets of fewer characters are not kept, except for the fonts that are always kept. */
export const MIN_SAVED_CHARS = 20;
const ALWAYS_SAVED_FONTS: ReadonlySet<string> = new Set(["NotoSerifSC"]);

/** The database, its version and store as the spec names them. */
export const FONT_DB_NAME = "rsDatabase";
export const FONT_DB_VERSION = 1;
export const FONT_STORE = "fonts";
/** Records written under another version are stale (fonts changed on the server) and dropped. */
export const FONT_CACHE_VERSION = Date.UTC(2026, 0, 1);

const CJK_FIRST = 0x3000;
const CJK_LAST = 0x3ffff;

const codePoint = (char: string): number => char.codePointAt(0) ?? 0;

/** Private use: the BMP area and planes 15-16 (the canon's rare characters live in plane 15). */
export function isPrivateUse(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0x10ffff);
}

/** Characters whose glyph the installed fonts may lack: worth checking before asking the server. */
export function isCheckedRange(cp: number): boolean {
  return cp >= CJK_FIRST && cp <= CJK_LAST && !isPrivateUse(cp);
}

export const byCodePoint = (a: string, b: string): number => codePoint(a) - codePoint(b);

/** A text's distinct private-use chars, and those of the range whose glyphs the system may lack. */
function candidateChars(text: string): { privateUse: string[]; checked: string[] } {
  const privateUse: string[] = [];
  const checked: string[] = [];
  for (const char of new Set(text)) {
    const cp = codePoint(char);
    if (isPrivateUse(cp)) privateUse.push(char);
    else if (isCheckedRange(cp)) checked.push(char);
  }
  return { privateUse, checked };
}

/**
 * The distinct characters of `text` that need the dynamic font, by code point: every private-use
 * character (no installed font knows what the canon means by it) and each character of the
 * checked range that `installed` says no installed font draws.
 */
export function neededChars(text: string, installed: (char: string) => boolean): string[] {
  const { privateUse, checked } = candidateChars(text);
  return [...privateUse, ...checked.filter((char) => !installed(char))].sort(byCodePoint);
}

/**
 * `neededChars` with the installed fonts asked about all candidates at once (`undrawn` answers
 * which of them no installed font draws), as the readers' off-thread probe does.
 */
export async function neededCharsOf(
  text: string,
  undrawn: (chars: readonly string[]) => Promise<string[]>,
): Promise<string[]> {
  const { privateUse, checked } = candidateChars(text);
  const missing = checked.length > 0 ? await undrawn(checked) : [];
  return [...privateUse, ...missing].sort(byCodePoint);
}

/** Splits chars into requests of `BATCH_SIZE`; a remainder under `BATCH_SLACK` joins the last one. */
export function batchChars(chars: readonly string[]): string[][] {
  const batches: string[][] = [];
  let start = 0;
  while (start < chars.length) {
    const left = chars.length - start;
    const size = left - BATCH_SIZE < BATCH_SLACK ? left : BATCH_SIZE;
    batches.push(chars.slice(start, start + size));
    start += size;
  }
  return batches;
}

/** The cache key of a subset: its font name and its characters by code point. */
export function subsetKey(fontName: string, chars: readonly string[]): string {
  return `${fontName}:${[...new Set(chars)].sort(byCodePoint).join("")}`;
}

export function shouldSaveSubset(fontName: string, charCount: number): boolean {
  return charCount >= MIN_SAVED_CHARS || ALWAYS_SAVED_FONTS.has(fontName);
}

const hex = (cp: number): string => cp.toString(16).toUpperCase();

/** A CSS `unicode-range` naming exactly these characters, runs of code points joined. */
export function unicodeRange(chars: Iterable<string>): string {
  const points = [...new Set([...chars].map(codePoint))].sort((a, b) => a - b);
  const ranges: string[] = [];
  let i = 0;
  while (i < points.length) {
    const first = points[i] as number;
    let last = first;
    while (points[i + 1] === last + 1) {
      last += 1;
      i += 1;
    }
    ranges.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
    i += 1;
  }
  return ranges.join(", ");
}
