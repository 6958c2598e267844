/**
 * The foldings of fuzzy search, each a kind of char pair the folding classes are joined by
 * (contract/search-tokenizer.ts createSearchFolding), and the explanation of a hit: which of them
 * it needed. No zod, no Node-only imports: the server and the offline search worker explain hits
 * with this module alike (the list of foldings itself is in search-options.ts, for the web app).
 *   trad_sim  OpenCC's tables the text forms are made with (Taiwan → standard traditional,
 *             traditional → simplified): the conversion between text forms;
 *   variant   a Unicode variant and its normalised form (the gaiji data, GET /v1/search/variants);
 *   gaiji     a private-use char (a rare char the text keeps as printed) and its Unicode or
 *             normalised form.
 * A hit's chars are compared with the term's (as converted for the text type) one by one: the same
 * char needs nothing; otherwise the fewest foldings joining the two are needed, the first found in
 * the order trad_sim, variant, gaiji (then pairs of them, then all three).
 */
import { FOLDINGS, type Folding, sortedFoldings } from "./search-options.ts";
import { isPrivateUse } from "./text-forms.ts";

const BIT: Record<Folding, number> = { variant: 1, trad_sim: 2, gaiji: 4 };
/** The foldings as bits, for FoldingGraph.classOf. */
export const foldingMask = (list: readonly Folding[]): number => list.reduce((mask, f) => mask | BIT[f], 0);
const foldingsOfMask = (mask: number): Folding[] => FOLDINGS.filter((f) => mask & BIT[f]);

/** Subsets of a mask, fewest foldings first; ties in the order trad_sim, variant, gaiji. */
const PREFERENCE = [2, 1, 4, 3, 6, 5, 7];

/** The folding a variant pair belongs to: gaiji when either char is private-use. */
export function variantPairFolding(a: string, b: string): Folding {
  const privateUse = (ch: string) => isPrivateUse(ch.codePointAt(0) as number);
  return privateUse(a) || privateUse(b) ? "gaiji" : "variant";
}

/** Char pairs joined by kind of folding, and the classes they make with some kinds left out. */
export type FoldingGraph = {
  /** Every char joined with `ch` by the foldings of `mask`, `ch` included, by code point. */
  classOf(ch: string, mask: number): readonly string[];
  /** The fewest foldings of `on` joining `a` and `b`: none when equal, null when none do. */
  between(a: string, b: string, on: readonly Folding[]): Folding[] | null;
};

export function createFoldingGraph(pairs: Iterable<readonly [string, string, Folding]>): FoldingGraph {
  const edges = new Map<string, Map<string, number>>();
  const link = (a: string, b: string, bit: number) => {
    let out = edges.get(a);
    if (!out) {
      out = new Map();
      edges.set(a, out);
    }
    out.set(b, (out.get(b) ?? 0) | bit);
  };
  for (const [a, b, folding] of pairs) {
    if (a === b) continue;
    link(a, b, BIT[folding]);
    link(b, a, BIT[folding]);
  }
  const classes = new Map<number, Map<string, readonly string[]>>();
  const classOf = (ch: string, mask: number): readonly string[] => {
    let byChar = classes.get(mask);
    if (!byChar) {
      byChar = new Map();
      classes.set(mask, byChar);
    }
    const known = byChar.get(ch);
    if (known) return known;
    const seen = new Set([ch]);
    const queue = [ch];
    for (let at = queue.pop(); at !== undefined; at = queue.pop()) {
      for (const [next, bits] of edges.get(at) ?? []) {
        if (bits & mask && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    const list = [...seen].sort((x, y) => (x.codePointAt(0) as number) - (y.codePointAt(0) as number));
    for (const member of list) byChar.set(member, list);
    return list;
  };
  return {
    classOf,
    between(a, b, on) {
      if (a === b) return [];
      const allowed = foldingMask(on);
      for (const mask of PREFERENCE) {
        if ((mask & allowed) !== mask) continue;
        if (classOf(a, mask).includes(b)) return foldingsOfMask(mask);
      }
      return null;
    },
  };
}

/** What explaining a hit asks of the folding (contract/search-tokenizer.ts SearchFolding). */
export type FoldingExplainer = {
  foldingsBetween(a: string, b: string, on: readonly Folding[]): Folding[] | null;
};

/**
 * The foldings a hit needed: `typed` the term's chars, `found` the hit's searchable chars (as
 * many), `on` the foldings in use. Chars no folding in use joins add nothing.
 */
export function hitFoldings(
  typed: readonly string[],
  found: readonly string[],
  folding: FoldingExplainer,
  on: readonly Folding[],
): Folding[] {
  const needed = new Set<Folding>();
  for (let i = 0; i < typed.length && i < found.length; i++) {
    for (const f of folding.foldingsBetween(typed[i] as string, found[i] as string, on) ?? []) needed.add(f);
  }
  return sortedFoldings(needed);
}
