/**
 * The terms of the offline index and where each is kept. A term is a pair of numbers:
 *   (c, ALONE)         a char of the folded text, with the number of times the reel holds it;
 *   (c, d)             a bigram of the folded text, with the places it starts (chars from the start);
 *   (c, FORM + f)      a char of the searchable text of text form f, with its number of times.
 * The folded terms answer fuzzy search and, for reels whose text in the form asked for folds to
 * the folded text char by char, exact search; the forms' chars answer one-char exact search and
 * tell which reels hold another char of a keyword char's class (query.ts). As strings (the
 * segments' API), a term is its char or bigram, or "#", the form's letter and the char.
 *
 * Rows group the terms of a segment by hashed buckets, as many as keep a row near ROW_BYTES (a
 * power of two up to MAX_BUCKETS), so a segment is at most a few thousand rows rather than one per
 * term (posting-rows.ts).
 */
import type { TxtType } from "../../contract/tripitaka.ts";

/** One past the last code point: the second number of a lone char. */
export const ALONE = 0x110000;
/** The second number of a form's char is FORM plus the form's number. */
export const FORM = 0x110001;
export const FORMS: readonly TxtType[] = ["ori_txt", "uni_txt", "std_txt", "sim_txt"];
const FORM_LETTERS = "outs";
const FORM_MARK = "#";

export const MAX_BUCKETS = 4096;
/** The bytes a row of postings is sized for. */
export const ROW_BYTES = 4096;

export type Term = { x: number; y: number };

export const formNumber = (form: TxtType): number => FORMS.indexOf(form);

/** Buckets of a segment whose rows take `bytes` bytes in all. */
export function bucketCountFor(bytes: number): number {
  let buckets = 1;
  while (buckets < MAX_BUCKETS && buckets * ROW_BYTES < bytes) buckets *= 2;
  return buckets;
}

/** The bucket of term (x, y) among `buckets` (a power of two). */
export function bucketOf(x: number, y: number, buckets: number): number {
  let h = Math.imul(x ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(y + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  return (h >>> 0) & (buckets - 1);
}

/** Whether a term's list holds places: all but the folded text's lone chars. */
export const isPositional = (term: Term): boolean => term.y !== ALONE;

/** The term a string names; null for a string that names none. */
export function termOf(text: string): Term | null {
  if (text.startsWith(FORM_MARK)) {
    const form = FORM_LETTERS.indexOf(text.charAt(1));
    const chars = Array.from(text.slice(2));
    if (form < 0 || chars.length !== 1) return null;
    return { x: chars[0]?.codePointAt(0) as number, y: FORM + form };
  }
  const chars = Array.from(text);
  if (chars.length === 1) return { x: chars[0]?.codePointAt(0) as number, y: ALONE };
  if (chars.length === 2)
    return { x: chars[0]?.codePointAt(0) as number, y: chars[1]?.codePointAt(0) as number };
  return null;
}

export function termText(term: Term): string {
  const first = String.fromCodePoint(term.x);
  if (term.y === ALONE) return first;
  if (term.y < ALONE) return first + String.fromCodePoint(term.y);
  return FORM_MARK + FORM_LETTERS.charAt(term.y - FORM) + first;
}

/** The term of char `ch` in form `form`'s searchable text. */
export const formCharTerm = (form: TxtType, ch: string): string =>
  FORM_MARK + FORM_LETTERS.charAt(formNumber(form)) + ch;

/** The folded terms a reel must hold to contain the folded phrase `chars`. */
export function phraseTerms(chars: readonly string[]): string[] {
  if (chars.length === 1) return [chars[0] as string];
  const terms = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) terms.add((chars[i] as string) + (chars[i + 1] as string));
  return [...terms];
}

/** The code points of a text, into `into` when it is long enough; returns how many. */
export function codePoints(text: string, into: Int32Array): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        into[n++] = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    into[n++] = unit;
  }
  return n;
}
