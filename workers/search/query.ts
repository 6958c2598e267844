/**
 * Which reels hold a keyword, and how often: the index gives candidates (reels holding every
 * bucket of each term's folded bigrams, segments.ts), and each candidate's text decides, counted
 * the way the server counts (contract/search-keyword.ts termHits: the places a term starts,
 * overlapping ones included, summed over the terms; a reel must hold every term):
 *   exact  the converted keyword in the searchable text of the requested form;
 *   fuzzy  each folded term in the folded text; with foldings switched off, a reel found so is
 *          counted again in the searchable text of its form, both folded with the foldings in use
 *          (as the server reads the requested form's column then, server/modules/search/query-plan.ts).
 * A reel kept without the requested form is searched in the nearest form it has (texts.ts
 * FORM_FALLBACKS), the keyword converted to that form.
 */
import type { SearchQuery } from "../../contract/search.ts";
import { foldsPartly, type KeywordPlan, type KeywordReader } from "../../contract/search-keyword.ts";
import type { SearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { IndexedDoc, TextKind } from "./databases.ts";
import { phraseTerms, type Segment, searchSegment } from "./segments.ts";
import { FORM_FALLBACKS, foldText } from "./texts.ts";

export type Readings = { folding: SearchFolding; readKeyword: KeywordReader; hash: string };

/** The in-memory index a query reads. */
export type IndexView = {
  docs: ReadonlyMap<number, IndexedDoc>;
  segments(): Iterable<Segment>;
  /** Searchable (or folded) texts of the indexed reels by doc id, loaded when first asked for. */
  texts(kind: TextKind): Promise<ReadonlyMap<number, string>>;
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

const intersect = (a: ReadonlySet<number>, b: ReadonlySet<number>): Set<number> =>
  new Set([...a].filter((id) => b.has(id)));

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

function candidates(view: IndexView, plan: KeywordPlan, tripitakaUid: string): IndexedDoc[] {
  const { folding } = view.readings;
  let kept: Set<number> | undefined;
  for (const term of plan.terms) {
    // The segments hold text folded with every folding, whatever the plan leaves out.
    const terms = phraseTerms(term.folded ?? folding.fold(term.chars));
    const found = new Set<number>();
    for (const segment of view.segments()) for (const id of searchSegment(segment, terms)) found.add(id);
    kept = kept === undefined ? found : intersect(kept, found);
    if (kept.size === 0) break;
  }
  const docs: IndexedDoc[] = [];
  for (const id of kept ?? []) {
    const doc = view.docs.get(id);
    if (doc && doc.tripitaka_uid === tripitakaUid) docs.push(doc);
  }
  return docs;
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
  const docs = candidates(view, plan, tripitakaUid);
  const hits: ReelHit[] = [];
  if (plan.mode === "fuzzy") {
    const folded = await view.texts("folded");
    const needles = plan.terms.map((term) => (term.folded ?? []).join(""));
    const partly = foldsPartly(plan);
    for (const doc of docs) {
      const form = formOf(doc, query.txt_type);
      const text = folded.get(doc.id);
      if (!form || text === undefined) continue;
      let total = 0;
      for (const needle of needles) {
        const n = countIn(text, needle);
        if (n === 0) {
          total = 0;
          break;
        }
        total += n;
      }
      if (total > 0 && partly) {
        const own = (await view.texts(form)).get(doc.id) ?? "";
        total = countFoldedPartly(own, planFor(form), view.readings.folding);
      }
      if (total > 0) hits.push({ doc, hits: total, form });
    }
    return { hits, planFor };
  }
  const byForm = new Map<TxtType, IndexedDoc[]>();
  for (const doc of docs) {
    const form = formOf(doc, query.txt_type);
    if (!form) continue;
    const list = byForm.get(form) ?? [];
    list.push(doc);
    byForm.set(form, list);
  }
  for (const [form, list] of byForm) {
    const term = planFor(form).terms[0];
    if (!term) continue;
    const needle = term.chars.join("");
    const texts = await view.texts(form);
    for (const doc of list) {
      const n = countIn(texts.get(doc.id) ?? "", needle);
      if (n > 0) hits.push({ doc, hits: n, form });
    }
  }
  return { hits, planFor };
}
