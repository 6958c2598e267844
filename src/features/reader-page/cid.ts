/**
 * The `cid` query of page reading: one line or char id, a comma list, or a range "first-last"
 * (spec section 2), resolved to the ids of the page's chars it covers.
 */
import { parseCharId, parseCidQuery, parseLineId } from "../../../contract/ids.ts";

type PageChar = { char_id: string; cid: string };

const pageOf = (id: string): string | null => parseCharId(id)?.pageUid ?? parseLineId(id)?.pageUid ?? null;

/** The index in `chars` where a range endpoint falls, taking a line id as its first or last char. */
function endpointIndex(id: string, chars: readonly PageChar[], end: "first" | "last"): number {
  if (parseCharId(id)) return chars.findIndex((c) => c.char_id === id);
  return end === "first" ? chars.findIndex((c) => c.cid === id) : chars.findLastIndex((c) => c.cid === id);
}

/**
 * The char ids of `pageUid` that `query` names. A range that starts or ends on another page covers
 * this page from its first or up to its last char; one with neither end here covers nothing.
 */
export function cidCharIds(query: string | null, pageUid: string, chars: readonly PageChar[]): Set<string> {
  const selection = query ? parseCidQuery(query) : null;
  if (!selection) return new Set();
  if (selection.kind === "list") {
    const out = new Set<string>();
    for (const id of selection.ids) {
      if (parseCharId(id)) {
        if (chars.some((c) => c.char_id === id)) out.add(id);
      } else {
        for (const c of chars) if (c.cid === id) out.add(c.char_id);
      }
    }
    return out;
  }
  const firstHere = pageOf(selection.first) === pageUid;
  const lastHere = pageOf(selection.last) === pageUid;
  if (!firstHere && !lastHere) return new Set();
  let from = firstHere ? endpointIndex(selection.first, chars, "first") : 0;
  let to = lastHere ? endpointIndex(selection.last, chars, "last") : chars.length - 1;
  if (from < 0 || to < 0) return new Set();
  if (from > to) [from, to] = [to, from];
  return new Set(chars.slice(from, to + 1).map((c) => c.char_id));
}
