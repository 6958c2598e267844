/**
 * Keyword-in-context snippets of one reel, cut from its stored text in the requested text type:
 * one module for the server's search and the offline search worker, so both cut the same.
 * The hits are found in the raw text by a regular expression that reads it the way the index does
 * (search-tokenizer.ts hitPattern: the term's chars with punctuation, spaces and line breaks
 * allowed between them), so only the first hits of a reel are looked at. Marks:
 *   full     a hit of the exact keyword;
 *   segment  a fuzzy hit that reads as the term was written (after conversion);
 *   char     a fuzzy hit found through folding (variants or the other script).
 * In fuzzy mode each snippet also says which foldings its hits needed (search-foldings.ts), and
 * hits are found with the foldings in use alone.
 */
import type { Highlight, Snippet } from "./search.ts";
import { hitFoldings } from "./search-foldings.ts";
import type { KeywordPlan, KeywordTerm } from "./search-keyword.ts";
import { type Folding, SNIPPET_CONTEXT, SNIPPETS_PER_REEL, sortedFoldings } from "./search-options.ts";
import { hitPattern, type SearchFolding, searchChars } from "./search-tokenizer.ts";

/** A reel's lines joined by LINE_BREAK, and the line id (cid) of each line. */
export type ReelText = { text: string; cids: string[] };
export const LINE_BREAK = "\u0001";

type Kind = Highlight["kind"];
const KIND_RANK: Record<Kind, number> = { char: 1, segment: 2, full: 3 };
type Span = { start: number; end: number; kind: Kind; foldings: readonly Folding[] };

/**
 * Each term's hit pattern, made once for a search: a page's reels are cut run by run, each run a
 * text of its own. matchAll reads a copy of the pattern, so one serves every text.
 */
const patternsOfPlan = new WeakMap<KeywordPlan, { folding: SearchFolding; patterns: RegExp[] }>();

function hitPatterns(plan: KeywordPlan, folding: SearchFolding): RegExp[] {
  const known = patternsOfPlan.get(plan);
  if (known?.folding === folding) return known.patterns;
  const used = folding.only(plan.foldings);
  const patterns = plan.terms.map((term) =>
    hitPattern(
      plan.mode === "fuzzy" ? term.chars.map((ch) => used.members(ch)) : term.chars.map((ch) => [ch]),
    ),
  );
  patternsOfPlan.set(plan, { folding, patterns });
  return patterns;
}

/** Hits of every term in order of their start, read lazily. */
function* spansOf(text: string, plan: KeywordPlan, folding: SearchFolding): Generator<Span> {
  const spanOf = (term: KeywordTerm, start: number, hit: string): Span => {
    const end = start + hit.length;
    if (plan.mode === "exact") return { start, end, kind: "full", foldings: [] };
    const chars = searchChars(hit).chars;
    const foldings = hitFoldings(term.chars, chars, folding, plan.foldings);
    const same = chars.every((ch, i) => ch === term.chars[i]);
    return { start, end, kind: same ? "segment" : "char", foldings };
  };
  const patterns = hitPatterns(plan, folding);
  const sources = plan.terms.map((term, i) => ({ term, matches: text.matchAll(patterns[i] as RegExp) }));
  const heads = sources.map((source) => source.matches.next());
  for (;;) {
    let best = -1;
    heads.forEach((head, i) => {
      if (head.done) return;
      const current = heads[best];
      if (best < 0 || (current && !current.done && head.value.index < current.value.index)) best = i;
    });
    const head = heads[best];
    if (best < 0 || !head || head.done) return;
    const source = sources[best] as (typeof sources)[number];
    yield spanOf(source.term, head.value.index, head.value[1] ?? "");
    heads[best] = source.matches.next();
  }
}

const isLowSurrogate = (text: string, at: number): boolean => {
  const unit = text.charCodeAt(at);
  return unit >= 0xdc00 && unit <= 0xdfff;
};

/** Marked ranges of a window as highlights in the window's text with the line breaks taken out. */
function highlightsOf(text: string, from: number, to: number, spans: Span[]): Highlight[] {
  const marks = new Array<Kind | null>(to - from).fill(null);
  for (const span of spans) {
    for (let at = span.start; at < span.end; at++) {
      const before = marks[at - from];
      if (!before || KIND_RANK[span.kind] > KIND_RANK[before]) marks[at - from] = span.kind;
    }
  }
  const highlights: Highlight[] = [];
  let removed = 0;
  let open: Highlight | null = null;
  for (let i = 0; i < marks.length; i++) {
    if (text[from + i] === LINE_BREAK) {
      removed++;
      continue;
    }
    const kind = marks[i];
    const at = i - removed;
    if (open && kind === open.kind) open.end = at + 1;
    else {
      if (open) highlights.push(open);
      open = kind ? { start: at, end: at + 1, kind } : null;
    }
  }
  if (open) highlights.push(open);
  return highlights;
}

/**
 * Snippets of a reel (its first `limit`), where in its text the last one ends, the line (from 0)
 * each starts on (a caller without the reel's line ids, `cids` empty, gives each snippet its cid
 * from that) and how many hits they hold.
 */
export function buildSnippets(
  reel: ReelText,
  plan: KeywordPlan,
  folding: SearchFolding,
  limit = SNIPPETS_PER_REEL,
): { snippets: Snippet[]; end: number; lines: number[]; hits: number } {
  const { text } = reel;
  const lineOf = (at: number): number => {
    let line = 0;
    for (let i = text.indexOf(LINE_BREAK); i >= 0 && i < at; i = text.indexOf(LINE_BREAK, i + 1)) line++;
    return line;
  };
  const snippets: Snippet[] = [];
  const lines: number[] = [];
  const spans = spansOf(text, plan, folding);
  let pending = spans.next();
  let previousEnd = 0;
  let hits = 0;
  while (!pending.done && snippets.length < limit) {
    const first = pending.value;
    let from = Math.max(previousEnd, first.start - SNIPPET_CONTEXT);
    if (isLowSurrogate(text, from)) from--;
    let to = Math.min(text.length, first.end + SNIPPET_CONTEXT);
    // Every hit starting inside the window belongs to it, and the window grows to hold it whole.
    const inside: Span[] = [];
    while (!pending.done && pending.value.start < to) {
      inside.push(pending.value);
      to = Math.max(to, pending.value.end);
      pending = spans.next();
    }
    if (isLowSurrogate(text, to)) to++;
    previousEnd = to;
    hits += inside.length;
    const line = lineOf(first.start);
    lines.push(line);
    snippets.push({
      cid: reel.cids[line] ?? "",
      text: text.slice(from, to).replaceAll(LINE_BREAK, ""),
      highlights: highlightsOf(text, from, to, inside),
      ...(plan.mode === "fuzzy" ? { foldings: sortedFoldings(inside.flatMap((span) => span.foldings)) } : {}),
    });
  }
  return { snippets, end: previousEnd, lines, hits };
}
