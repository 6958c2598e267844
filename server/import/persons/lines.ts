/**
 * CBETA line numbers as the canon's lines: a biography's `lb n="0333c16"` in T volume 50 is line 16
 * of page TS_50_333c, and an SNA ref's citation (`…/X82n1571_p0455b03`, or
 * `T.50.2059.0363b22#0363c03 #0363c23`, a biography and the nexus point's first line, or
 * `(CBETA, X82, no. 1571, p. 473, c10-…`) is read the same way.
 */
import { pageUidOf } from "../../../contract/ids.ts";
import { cbetaCollectionToTripitaka } from "../../../contract/tripitaka.ts";

export type LineRef = { pageUid: string; lineNo: number };

const LB_RE = /^(\d{4}[a-z])(\d{2})$/;

export function lineOf(tripitakaUid: string, volume: number, lb: string): LineRef | null {
  const m = LB_RE.exec(lb);
  if (!m) return null;
  return { pageUid: pageUidOf(tripitakaUid, volume, m[1] as string), lineNo: Number(m[2]) };
}

const URL_RE = /\/([A-Z]+)(\d+)n[A-Za-z0-9]+_p([a-z]?\d{4}[a-z])(\d{2})\b/;
const DOTTED_RE = /\b([A-Z]+)\.(\d+)\.[A-Za-z0-9]+\.(\d{4}[a-z])(\d{2})(?:#(\d{4}[a-z])(\d{2}))?/;
const CITATION_RE = /\(CBETA,\s*([A-Z]+)(\d+),\s*no\.\s*[^,]+,\s*p\.\s*(\d+),\s*([a-z])(\d+)/;

/** The line an SNA ref cites, when it names one in a collection the canon maps to a tripitaka. */
export function citedLine(ref: string): LineRef | null {
  const citation = CITATION_RE.exec(ref);
  if (citation) {
    const tripitakaUid = cbetaCollectionToTripitaka[citation[1] as string];
    if (!tripitakaUid) return null;
    const page = `${citation[3]}${citation[4]}`;
    return { pageUid: pageUidOf(tripitakaUid, Number(citation[2]), page), lineNo: Number(citation[5]) };
  }
  const url = URL_RE.exec(ref);
  const dotted = url ? null : DOTTED_RE.exec(ref);
  const m = url ?? dotted;
  if (!m) return null;
  const tripitakaUid = cbetaCollectionToTripitaka[m[1] as string];
  if (!tripitakaUid) return null;
  const volume = Number(m[2]);
  const [page, line] = dotted?.[5] ? [dotted[5], dotted[6] as string] : [m[3] as string, m[4] as string];
  return { pageUid: pageUidOf(tripitakaUid, volume, page), lineNo: Number(line) };
}
