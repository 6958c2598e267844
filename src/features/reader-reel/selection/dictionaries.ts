/**
 * The external dictionaries the selection menu opens in a new window (spec section 1). The
 * character and variant dictionaries look up one character; the Buddhist-terms dictionary any term.
 */
import type { MessageDescriptor } from "@lingui/core";
import { selectionText as t } from "./messages.ts";

export type Dictionary = {
  id: "zdic" | "variants" | "ddb";
  label: MessageDescriptor;
  /** Offered only when the selection is one character. */
  singleChar: boolean;
  url(text: string): string;
};

export const DICTIONARIES: readonly Dictionary[] = [
  {
    id: "zdic",
    label: t.dictZdic,
    singleChar: true,
    url: (text) => `https://www.zdic.net/hans/${encodeURIComponent(text)}`,
  },
  {
    id: "variants",
    label: t.dictVariants,
    singleChar: true,
    url: (text) => `https://dict.variants.moe.edu.tw/search.jsp?QTP=0&WORD=${encodeURIComponent(text)}`,
  },
  {
    id: "ddb",
    label: t.dictDdb,
    singleChar: false,
    url: (text) => `https://www.buddhism-dict.net/cgi-bin/search-ddb4.pl?Terms=${encodeURIComponent(text)}`,
  },
];

/** One character as a reader counts it: a character outside the BMP or in private use is one. */
export const isSingleChar = (text: string): boolean => Array.from(text).length === 1;

/** The dictionaries offered for a selected text; none for an empty one. */
export function dictionariesFor(text: string): readonly Dictionary[] {
  const term = text.trim();
  if (term === "") return [];
  return DICTIONARIES.filter((dictionary) => !dictionary.singleChar || isSingleChar(term));
}
