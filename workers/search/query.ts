/**
 * Which reels hold a keyword, and how often, counted the way the server counts
 * (contract/search-keyword.ts termHits: the places a term starts, overlapping ones included,
 * summed over the terms; a reel must hold every term), from the lists of the keyword's terms
 * (terms.ts, phrase-count.ts):
 *   fuzzy  each folded term in the folded text; with foldings switched off, a reel found so is
 *          counted again in the searchable text of its form, both folded with the foldings in use
 *          (as the server reads the requested form's column then, server/modules/search/query-plan.ts);
 *   exact  the converted keyword in the searchable text of the requested form. Where that text
 *          folds to the folded text char for char, the folded keyword's hits are its hits, unless
 *          the text holds another char of a keyword char's class (the form's chars of shared
 *          classes tell): there only the places where the text holds the keyword's chars of
 *          shared classes are counted. In a form that folds otherwise, the places where the
 *          form's text holds the keyword's chars one after another.
 * A reel kept without the requested form is searched in the nearest form it has (texts.ts
 * FORM_FALLBACKS), the keyword converted to that form.
 */
import type { SearchQuery } from "../../contract/search.ts";
import { foldsPartly, type KeywordPlan, type KeywordReader } from "../../contract/search-keyword.ts";
import type { SearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { IndexedDoc } from "./databases.ts";
import type { FoldClasses } from "./fold-classes.ts";
import { groupBy } from "./group-by.ts";
import { countParts, type Part, phraseCounts, phraseListTerms, phraseParts } from "./phrase-count.ts";
import { type TermLists, termKey } from "./posting-store.ts";
import { FORM, formNumber, type Term } from "./terms.ts";
import { FORM_FALLBACKS, foldText } from "./texts.ts";

export type Readings = {
  folding: SearchFolding;
  readKeyword: KeywordReader;
  hash: string;
  classes: FoldClasses;
};

/** What a query reads of the index. */
export type IndexView = {
  docs: ReadonlyMap<number, IndexedDoc>;
  /** The lists of these terms in every segment holding a reel of the tripitaka. */
  lists(terms: readonly Term[], tripitakaUid: string): Promise<TermLists>;
  /** Searchable texts of these reels in one form, by doc id (those the library has). */
  texts(form: TxtType, docs: readonly IndexedDoc[]): Promise<ReadonlyMap<number, string>>;
  readings: Readings;
};

export type ReelHit = { doc: IndexedDoc; hits: number; form: TxtType };

export type Found = { hits: ReelHit[]; planFor(form: TxtType): KeywordPlan };

/** Places `needle` starts in `text`, overlapping places included. */
export function countIn(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) n++;
  return n;
}

/** The form a reel is searched and shown in: the requested one, or the nearest it has. */
export function formOf(doc: IndexedDoc, wanted: TxtType): TxtType | null {
  return FORM_FALLBACKS[wanted].find((form) => doc.forms[form] !== undefined) ?? null;
}

/** Hits of every term of `plan` in `text`, counted with the foldings the plan uses; 0 when one is missing. */
function countFoldedPartly(text: string, plan: KeywordPlan, folding: SearchFolding): number {
  const used = folding.only(plan.foldings);
  const folded = foldText(text, used);
  let total = 0;
  for (const term of plan.terms) {
    const n = countIn(folded, used.fold(term.chars).join(""));
    if (n === 0) return 0;
    total += n;
  }
  return total;
}

const charTerm = (ch: string, y: number): Term => ({ x: ch.codePointAt(0) as number, y });

/** Which reels searched in a form fold to the folded text char for char: some, others, or both. */
type Alignment = { aligned: boolean; unaligned: boolean };

/** A keyword char of a shared class, placed, and the other chars of its class in the same form. */
type Filter = { part: Part; others: Term[] };

/**
 * How the exact keyword is counted in a form: in reels that fold alike, its folded `base`, with
 * the `filters` of the keyword's chars whose class the reel holds another char of; in the other
 * reels, its `own` chars one after another.
 */
type ExactPlan = { form: TxtType; base: Part[]; filters: Filter[]; own: Part[] };

function exactPlan(
  form: TxtType,
  chars: readonly string[],
  readings: Readings,
  alignment: Alignment,
): ExactPlan {
  const y = FORM + formNumber(form);
  const { folding, classes } = readings;
  const own = chars.map((ch, offset): Part => ({ term: charTerm(ch, y), offset }));
  const shared = own.filter((_, i) => classes.isShared(chars[i] as string));
  const plan: ExactPlan = { form, base: [], filters: [], own: alignment.unaligned ? own : [] };
  if (!alignment.aligned) return plan;
  if (chars.length === 1 && shared.length === 1) return { ...plan, base: shared };
  plan.base = phraseParts(folding.fold(chars));
  if (chars.length === 1) return plan;
  plan.filters = shared.map((part) => {
    const ch = chars[part.offset] as string;
    const others = folding.members(ch).filter((other) => other !== ch);
    return { part, others: others.map((other) => charTerm(other, y)) };
  });
  return plan;
}

/** Reels of `within` that any of the terms' lists holds. */
function holding(lists: TermLists, terms: readonly Term[], within: ReadonlyMap<number, number>): Set<number> {
  const out = new Set<number>();
  for (const term of terms)
    for (const list of lists.get(termKey(term))?.values() ?? [])
      for (const doc of list.docs) if (within.has(doc)) out.add(doc);
  return out;
}

/**
 * The folded keyword's hits made exact in the reels that hold another char of a keyword char's
 * class: counted again with the filters of those chars (their places read now), per set of them.
 */
async function filtered(
  view: IndexView,
  tripitakaUid: string,
  base: readonly Part[],
  filters: readonly Filter[],
  lists: TermLists,
  counts: Map<number, number>,
) {
  // Each reel's filters, named by their numbers (a keyword may have hundreds of chars).
  const needs = new Map<number, number[]>();
  filters.forEach((filter, i) => {
    for (const id of holding(lists, filter.others, counts)) needs.set(id, [...(needs.get(id) ?? []), i]);
  });
  if (needs.size === 0) return;
  const groups = new Map<string, { filters: number[]; docs: number[] }>();
  for (const [id, which] of needs) {
    const name = which.join(",");
    const group = groups.get(name) ?? { filters: which, docs: [] };
    group.docs.push(id);
    groups.set(name, group);
  }
  const wanted = new Set([...needs.values()].flat());
  const more = await view.lists(
    [...wanted].map((i) => (filters[i] as Filter).part.term),
    tripitakaUid,
  );
  for (const [key, list] of lists) if (!more.has(key)) more.set(key, list);
  for (const group of groups.values()) {
    const parts = [...base, ...group.filters.map((i) => (filters[i] as Filter).part)];
    const docs = new Set(group.docs);
    const exact = countParts(parts, more, (id) => docs.has(id));
    for (const id of docs) {
      const n = exact.get(id);
      if (n) counts.set(id, n);
      else counts.delete(id);
    }
  }
}

async function exactHits(
  view: IndexView,
  tripitakaUid: string,
  query: SearchQuery,
  plans: readonly ExactPlan[],
) {
  const terms = plans.flatMap((p) => [
    ...[...p.base, ...p.own].map((part) => part.term),
    ...p.filters.flatMap((filter) => filter.others),
  ]);
  const lists = await view.lists(terms, tripitakaUid);
  const hits: ReelHit[] = [];
  for (const { form, base, filters, own } of plans) {
    const keep = (alike: boolean) => (id: number) => {
      const doc = view.docs.get(id);
      return (
        doc !== undefined &&
        doc.tripitaka_uid === tripitakaUid &&
        formOf(doc, query.txt_type) === form &&
        (doc.aligned ?? []).includes(form) === alike
      );
    };
    const counts = base.length > 0 ? countParts(base, lists, keep(true)) : new Map<number, number>();
    await filtered(view, tripitakaUid, base, filters, lists, counts);
    if (own.length > 0) for (const [id, n] of countParts(own, lists, keep(false))) counts.set(id, n);
    for (const [id, n] of counts) hits.push({ doc: view.docs.get(id) as IndexedDoc, hits: n, form });
  }
  return hits;
}

async function fuzzyTotals(
  view: IndexView,
  tripitakaUid: string,
  plan: KeywordPlan,
  mine: (doc: IndexedDoc) => boolean,
) {
  const needles = plan.terms.map((term) => term.folded ?? []);
  const lists = await view.lists(needles.flatMap(phraseListTerms), tripitakaUid);
  const inScope = (id: number): boolean => {
    const doc = view.docs.get(id);
    return doc !== undefined && mine(doc);
  };
  let totals = new Map<number, number>();
  needles.forEach((needle, i) => {
    if (i > 0 && totals.size === 0) return;
    const kept = totals;
    const counts = phraseCounts(needle, lists, i === 0 ? inScope : (id) => kept.has(id));
    totals = i === 0 ? counts : new Map([...counts].map(([id, n]) => [id, (kept.get(id) as number) + n]));
  });
  return totals;
}

export async function findReels(view: IndexView, tripitakaUid: string, query: SearchQuery): Promise<Found> {
  const plans = new Map<TxtType, KeywordPlan>();
  const planFor = (form: TxtType): KeywordPlan => {
    let plan = plans.get(form);
    if (!plan) {
      const own = form === query.txt_type;
      const transMode = own || query.trans_mode === "none" ? query.trans_mode : "uni2default";
      plan = view.readings.readKeyword({ ...query, txt_type: form, trans_mode: transMode });
      plans.set(form, plan);
    }
    return plan;
  };
  const plan = planFor(query.txt_type);
  if (plan.terms.length === 0) return { hits: [], planFor };
  const hits: ReelHit[] = [];
  const inScope = (doc: IndexedDoc) =>
    doc.tripitaka_uid === tripitakaUid && formOf(doc, query.txt_type) !== null;
  if (plan.mode === "fuzzy") {
    const totals = await fuzzyTotals(view, tripitakaUid, plan, inScope);
    const found = [...totals].map(([id, hits]) => {
      const doc = view.docs.get(id) as IndexedDoc;
      return { doc, hits, form: formOf(doc, query.txt_type) as TxtType };
    });
    if (!foldsPartly(plan)) return { hits: found, planFor };
    for (const [form, group] of groupBy(found, (hit) => hit.form)) {
      await eachText(view, form, group, (hit, text) => {
        const n = countFoldedPartly(text, planFor(form), view.readings.folding);
        if (n > 0) hits.push({ ...hit, hits: n });
      });
    }
    return { hits, planFor };
  }
  const forms = new Map<TxtType, Alignment>();
  for (const doc of view.docs.values()) {
    const form = doc.tripitaka_uid === tripitakaUid ? formOf(doc, query.txt_type) : null;
    if (!form) continue;
    const alignment = forms.get(form) ?? { aligned: false, unaligned: false };
    if ((doc.aligned ?? []).includes(form)) alignment.aligned = true;
    else alignment.unaligned = true;
    forms.set(form, alignment);
  }
  const exact = [...forms].flatMap(([form, alignment]) => {
    const chars = planFor(form).terms[0]?.chars;
    return chars ? [exactPlan(form, chars, view.readings, alignment)] : [];
  });
  return { hits: await exactHits(view, tripitakaUid, query, exact), planFor };
}

/** Texts read at a time when reels must be searched in their text. */
const TEXT_BATCH = 64;

/** Calls `use` with each reel's text of `kind`, read a batch at a time. */
async function eachText<T extends { doc: IndexedDoc }>(
  view: IndexView,
  form: TxtType,
  items: readonly T[],
  use: (item: T, text: string) => void,
): Promise<void> {
  for (let i = 0; i < items.length; i += TEXT_BATCH) {
    const batch = items.slice(i, i + TEXT_BATCH);
    const texts = await view.texts(
      form,
      batch.map((item) => item.doc),
    );
    for (const item of batch) use(item, texts.get(item.doc.id) ?? "");
  }
}
