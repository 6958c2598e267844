/**
 * What full-canon search matches, shared by the server index and the offline search worker (no zod,
 * no Node-only imports), so online and offline search agree:
 *   - the searchable text of a line is its chars without punctuation, spaces and symbols (the chars
 *     `countChars` counts; note brackets go, the note's text stays), ASCII letters in lower case;
 *   - the index holds character bigrams over that text, one token per char: the bigram starting at
 *     it, and for the last char of a document the char alone; a keyword of n ≥ 2 chars is the phrase
 *     of its n − 1 bigrams, a single char is the prefix of the tokens starting with it;
 *   - fuzzy matching compares folded chars: every char is replaced by one representative of its
 *     class, where a class joins a char with its variants (the gaiji data's Unicode and normalised
 *     forms) and with its forms under the conversions the text forms are made with (OpenCC's
 *     Taiwan → standard traditional and traditional → simplified tables, characters and phrases).
 *     Because the classes are closed under those conversions, the four text forms of a line fold to
 *     the same text.
 */
import { dictEntries, openccConfig } from "./opencc-conversion.ts";
import { createFoldingGraph, type FoldingGraph, foldingMask, variantPairFolding } from "./search-foldings.ts";
import { FOLDINGS, type Folding } from "./search-options.ts";

/** Searchable text as code points, with the UTF-16 offset of each in the text it came from. */
export type SearchChars = { chars: string[]; offsets: number[] };

const NON_SEARCH_CHAR = /[\s\p{P}\p{S}\p{Z}]/u;
/** The chars searchChars drops, as a regular-expression class (for the `u` flag). */
export const NON_SEARCH_CLASS = String.raw`[\s\p{P}\p{S}\p{Z}\x00-\x2F\x3A-\x40\x5B-\x60\x7B-\x7F]`;

/** Fast paths: CJK ideographs are searchable, ASCII only when a letter or digit; null: ask NON_SEARCH_CHAR. */
function isSearchUnit(unit: number): boolean | null {
  if (unit >= 0x3400 && unit <= 0x9fff) return true;
  if (unit < 0x80) return (unit >= 0x30 && unit <= 0x39) || ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a);
  return null;
}

/** The searchable chars of `text` and where each starts in it. */
export function searchChars(text: string): SearchChars {
  const chars: string[] = [];
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const start = i;
    let ch: string;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      ch = text.slice(i, i + 2);
      i++;
    } else ch = text[i] as string;
    const fast = isSearchUnit(unit);
    if (fast === false || (fast === null && NON_SEARCH_CHAR.test(ch))) continue;
    chars.push(unit >= 0x41 && unit <= 0x5a ? ch.toLowerCase() : ch);
    offsets.push(start);
  }
  return { chars, offsets };
}

const NON_SEARCH_ONE = new RegExp(`^${NON_SEARCH_CLASS}$`, "u");
const UNKNOWN = 0;
const KEEP = 1;
const DROP = 2;
const LOWER = 3;
/** What normalizeSearchText does with each BMP code unit, found the first time the unit is met. */
const unitKinds = new Uint8Array(0x10000);

function kindOfUnit(unit: number): number {
  let kind = unitKinds[unit] as number;
  if (kind !== UNKNOWN) return kind;
  if (unit >= 0x41 && unit <= 0x5a) kind = LOWER;
  else if (unit >= 0xd800 && unit <= 0xdfff) kind = KEEP;
  else kind = NON_SEARCH_ONE.test(String.fromCharCode(unit)) ? DROP : KEEP;
  unitKinds[unit] = kind;
  return kind;
}

/**
 * The searchable text of `text`: searchChars' chars as one string, made without splitting it (the
 * chars NON_SEARCH_CLASS matches dropped, A–Z lowered).
 */
export function normalizeSearchText(text: string): string {
  let out = "";
  let keptFrom = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let kind = kindOfUnit(unit);
    let width = 1;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        width = 2;
        kind = NON_SEARCH_ONE.test(text.slice(i, i + 2)) ? DROP : KEEP;
      }
    }
    if (kind !== KEEP) {
      out += text.slice(keptFrom, i);
      if (kind === LOWER) out += String.fromCharCode(unit + 0x20);
      keptFrom = i + width;
    }
    i += width - 1;
  }
  return keptFrom === 0 ? text : out + text.slice(keptFrom);
}

/** Index tokens of a document's searchable chars: one per char (see the module comment). */
export function searchTokens(chars: readonly string[]): string[] {
  const n = chars.length;
  const tokens = new Array<string>(n);
  for (let i = 0; i + 1 < n; i++) tokens[i] = (chars[i] as string) + (chars[i + 1] as string);
  if (n > 0) tokens[n - 1] = chars[n - 1] as string;
  return tokens;
}

/** searchTokens of a searchable text, joined by spaces. */
export function searchTokenText(text: string): string {
  return searchTokens(Array.from(text)).join(" ");
}

/** The bigrams a phrase of `chars` (two or more) is made of. */
export function phraseBigrams(chars: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push((chars[i] as string) + (chars[i + 1] as string));
  return out;
}

/** Start positions of `term` in `text` (both as chars), overlapping ones included. */
export function findHits(text: readonly string[], term: readonly string[]): number[] {
  const hits: number[] = [];
  const m = term.length;
  if (m === 0) return hits;
  const first = term[0];
  outer: for (let i = 0; i + m <= text.length; i++) {
    if (text[i] !== first) continue;
    for (let j = 1; j < m; j++) if (text[i + j] !== term[j]) continue outer;
    hits.push(i);
  }
  return hits;
}

const escapeForClass = (ch: string): string => (/[\\\][^-]/.test(ch) ? `\\${ch}` : ch);

/**
 * A regular expression (flags `gu`) finding, in raw text, the places searchable chars read as one
 * of the given chars at each position, with unsearchable chars (punctuation, spaces, line breaks)
 * allowed between them. Group 1 is the hit; matches may overlap.
 */
export function hitPattern(choices: readonly (readonly string[])[]): RegExp {
  const classes = choices.map((chars) => {
    const all = new Set<string>();
    for (const ch of chars) {
      all.add(ch);
      if (/^[a-z]$/.test(ch)) all.add(ch.toUpperCase());
    }
    return `[${[...all].map(escapeForClass).join("")}]`;
  });
  return new RegExp(`(?=(${classes.join(`${NON_SEARCH_CLASS}*`)}))`, "gu");
}

/** A variant pair: `from` folds together with `to`. */
export type VariantPair = readonly [from: string, to: string];

/** A gaiji row as the importer stores it (server/db/schema.ts GaijiTable). */
export type GaijiVariantRow = { pua: number; uni_char: string | null; norm_char: string | null };

/**
 * Variant pairs of the gaiji data: a private-use char with its Unicode or normalised form, and a
 * Unicode variant with its normalised form.
 */
export function variantPairsOfGaiji(rows: Iterable<GaijiVariantRow>): VariantPair[] {
  const pairs: VariantPair[] = [];
  for (const row of rows) {
    const pua = String.fromCodePoint(row.pua);
    const unicode = row.uni_char ?? row.norm_char;
    if (unicode) pairs.push([pua, unicode]);
    if (row.uni_char && row.norm_char && row.uni_char !== row.norm_char)
      pairs.push([row.uni_char, row.norm_char]);
  }
  return pairs;
}

export type SearchFolding = {
  /** The representative of `ch`'s class (`ch` itself when it has no class). */
  foldChar(ch: string): string;
  fold(chars: readonly string[]): string[];
  /** Every char of `ch`'s class, `ch` included. */
  members(ch: string): readonly string[];
  /** The folding made of the given foldings alone (contract/search-foldings.ts); this one for all. */
  only(on: readonly Folding[]): SearchFolding;
  /** The fewest foldings of `on` joining `a` and `b`: none when equal, null when none do. */
  foldingsBetween(a: string, b: string, on: readonly Folding[]): Folding[] | null;
};

/** OpenCC's configurations the text forms are made with: Taiwan → standard, traditional → simplified. */
const TEXT_FORM_CONFIGS = ["tw2t", "t2s"] as const;

/** Pairs of chars at the same place in the entries of the OpenCC tables the text forms use. */
function* openccCharPairs(): Generator<VariantPair> {
  for (const name of TEXT_FORM_CONFIGS) {
    const config = openccConfig(name);
    for (const group of [...(config.normalizationChain ?? []), ...config.conversionChain]) {
      for (const dict of group) {
        for (const [from, to] of dictEntries(dict)) {
          const a = Array.from(from);
          const b = Array.from(to);
          if (a.length !== b.length) continue;
          for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) yield [a[i] as string, b[i] as string];
        }
      }
    }
  }
}

const isOneChar = (text: string): boolean => Array.from(text).length === 1;

/** Builds the char classes of fuzzy search from OpenCC's tables and the given variant pairs. */
export function createSearchFolding(variants: Iterable<VariantPair>): SearchFolding {
  const variantList = [...variants];
  const parent = new Map<string, string>();
  const find = (ch: string): string => {
    let root = ch;
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) root = up;
    for (let at = ch; at !== root; ) {
      const up = parent.get(at) as string;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    if (!isOneChar(a) || !isOneChar(b)) return;
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const [a, b] of openccCharPairs()) union(a, b);
  for (const [a, b] of variantList) union(a, b);

  const classes = new Map<string, string[]>();
  for (const ch of parent.keys()) {
    const root = find(ch);
    const list = classes.get(root) ?? [];
    list.push(ch);
    classes.set(root, list);
  }
  const representative = new Map<string, string>();
  const membersOf = new Map<string, readonly string[]>();
  for (const list of classes.values()) {
    list.sort((a, b) => (a.codePointAt(0) as number) - (b.codePointAt(0) as number));
    const rep = list[0] as string;
    for (const ch of list) {
      if (ch !== rep) representative.set(ch, rep);
      membersOf.set(ch, list);
    }
  }

  // The pairs by folding, joined only when a search switches a folding off or a hit is explained.
  let graph: FoldingGraph | null = null;
  const graphOf = (): FoldingGraph => {
    graph ??= createFoldingGraph(
      (function* (): Generator<readonly [string, string, Folding]> {
        for (const [a, b] of openccCharPairs()) if (isOneChar(a) && isOneChar(b)) yield [a, b, "trad_sim"];
        for (const [a, b] of variantList)
          if (isOneChar(a) && isOneChar(b)) yield [a, b, variantPairFolding(a, b)];
      })(),
    );
    return graph;
  };
  const partial = new Map<number, SearchFolding>();
  const foldingsBetween = (a: string, b: string, on: readonly Folding[]) => graphOf().between(a, b, on);
  const full: SearchFolding = {
    foldChar: (ch) => representative.get(ch) ?? ch,
    fold: (chars) => chars.map(full.foldChar),
    members: (ch) => membersOf.get(ch) ?? [ch],
    only(on) {
      const mask = foldingMask(on);
      if (FOLDINGS.every((f) => on.includes(f))) return full;
      let made = partial.get(mask);
      if (!made) {
        const members = (ch: string) => graphOf().classOf(ch, mask);
        const foldChar = (ch: string) => members(ch)[0] as string;
        made = { foldChar, fold: (chars) => chars.map(foldChar), members, only: full.only, foldingsBetween };
        partial.set(mask, made);
      }
      return made;
    },
    foldingsBetween,
  };
  return full;
}
