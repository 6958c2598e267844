import * as OpenCC from "opencc-js";
import { openccConverter } from "./opencc-conversion.ts";
import type { TxtType } from "./tripitaka.ts";

/**
 * The four text forms of the spec, derived from the text as printed:
 *   ori_txt  as printed; characters Unicode lacks are private-use code points U+F0000–U+FFFFF
 *   uni_txt  Unicode: a private-use char becomes its Unicode form, else its normalised form
 *   std_txt  standard traditional: uni_txt through OpenCC's Taiwan → standard traditional table
 *   sim_txt  simplified: std_txt through OpenCC's traditional → mainland simplified table
 *
 * Every form has the same number of code points as ori_txt, so a char id (a position) points at
 * the same character in every form. Where OpenCC's phrase tables would change the length of a
 * line, that line is converted character by character instead.
 */
export type TextForms = Record<TxtType, string>;

export type GaijiForms = { uni: string | null; norm: string | null };

/** Private-use code points of the rare characters CBETA encodes (U+F0000 + the CB number). */
export const PUA_FIRST = 0xf0000;
export const PUA_LAST = 0xfffff;
/** Shown for a private-use character with neither a Unicode nor a normalised form. */
export const isPrivateUse = (codePoint: number): boolean => codePoint >= PUA_FIRST && codePoint <= PUA_LAST;

export type TextFormConverter = {
  forms(ori: string): TextForms;
  /** uni → simplified, for labels and names that have no private-use chars. */
  simplify(text: string): string;
  /** simplified → traditional, for names the catalogues give only in simplified. */
  traditionalize(text: string): string;
};

function codePointLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

function lengthKeeping(convert: (s: string) => string): (s: string) => string {
  return (text) => {
    const out = convert(text);
    if (out.length === text.length || codePointLength(out) === codePointLength(text)) return out;
    let chars = "";
    for (const ch of text) {
      const c = convert(ch);
      chars += codePointLength(c) === 1 ? c : ch;
    }
    return chars;
  };
}

const PRIVATE_USE_CHARS = /[\u{F0000}-\u{FFFFF}]/gu;

export function createTextFormConverter(gaiji: ReadonlyMap<number, GaijiForms>): TextFormConverter {
  const tw2t = lengthKeeping(openccConverter("tw2t"));
  const t2cn = lengthKeeping(openccConverter("t2s"));
  // Built when first asked for: preparing a text never asks.
  let cn2t: ((text: string) => string) | null = null;

  const toUnicode = (ori: string): string =>
    ori.replace(PRIVATE_USE_CHARS, (ch) => {
      const g = gaiji.get(ch.codePointAt(0) as number);
      return g?.uni ?? g?.norm ?? ch;
    });

  return {
    forms(ori) {
      const uni = toUnicode(ori);
      const std = tw2t(uni);
      return { ori_txt: ori, uni_txt: uni, std_txt: std, sim_txt: t2cn(std) };
    },
    simplify: (text) => t2cn(text),
    traditionalize: (text) => {
      cn2t ??= OpenCC.Converter({ from: "cn", to: "t" });
      return cn2t(text);
    },
  };
}

/** The text's characters for counting: everything but punctuation, spaces and note brackets. */
const NON_CHAR_RE = /[\s\p{P}\p{S}\p{Z}]/u;
/** NON_CHAR_RE's answer for each BMP code unit, found the first time the unit is met. */
const bmpCharKinds = new Uint8Array(0x10000);
const UNKNOWN = 0;
const A_CHAR = 1;
const NOT_A_CHAR = 2;
export function countChars(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // Fast path: CJK ideographs (U+3400–U+9FFF) and surrogate pairs (supplementary ideographs and
    // the private-use planes) are always chars.
    if (unit >= 0x3400 && unit <= 0x9fff) n++;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const ch = String.fromCodePoint(text.codePointAt(i) as number);
      if (!NON_CHAR_RE.test(ch)) n++;
      i++;
    } else {
      let kind = bmpCharKinds[unit] as number;
      if (kind === UNKNOWN) {
        kind = NON_CHAR_RE.test(text[i] as string) ? NOT_A_CHAR : A_CHAR;
        bmpCharKinds[unit] = kind;
      }
      if (kind === A_CHAR) n++;
    }
  }
  return n;
}
