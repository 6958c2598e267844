/**
 * Which chars share their folding class with another char (contract/search-tokenizer.ts): a
 * bitmap by code point, learnt char by char as texts are met. Exact search reads a form's chars of
 * such classes from the index (terms.ts); a char alone in its class needs none, since where the
 * form's text folds to the folded text, the folded text holds that very char.
 */
import type { SearchFolding } from "../../contract/search-tokenizer.ts";

const CODE_POINTS = 0x110000;

export type FoldClasses = {
  /** Bit set: the char has other members in its class (valid for the chars of texts learnt). */
  shared: Uint8Array;
  /** Classifies every char of `text`; returns `shared`. */
  learn(text: string): Uint8Array;
  /** Whether the char has other members in its class. */
  isShared(ch: string): boolean;
};

export function createFoldClasses(folding: SearchFolding): FoldClasses {
  const seen = new Uint8Array(CODE_POINTS >>> 3);
  const shared = new Uint8Array(CODE_POINTS >>> 3);
  const classify = (cp: number): number => {
    const byte = cp >>> 3;
    const bit = 1 << (cp & 7);
    if (((seen[byte] as number) & bit) === 0) {
      seen[byte] = (seen[byte] as number) | bit;
      if (folding.members(String.fromCodePoint(cp)).length > 1) shared[byte] = (shared[byte] as number) | bit;
    }
    return (shared[byte] as number) & bit;
  };
  return {
    shared,
    learn(text) {
      for (let i = 0; i < text.length; i++) {
        const cp = text.codePointAt(i) as number;
        if (cp > 0xffff) i++;
        classify(cp);
      }
      return shared;
    },
    isShared: (ch) => classify(ch.codePointAt(0) as number) !== 0,
  };
}
