/**
 * Id grammars for every uid kind of the canon, with one parser and one printer each.
 *
 *   tripitaka  TS                      two uppercase letters (edition code)
 *   sutra      TS0251, JSB470, TS0220a code + CBETA work number (its suffix letter either case:
 *              TS0150A                 T02n0150A and T02n0150B are two works)
 *   reel       TS0251_1                sutra uid + "_" + reel (juan) number
 *   book       TS_8, JX_165            code + "_" + volume (the first two parts of a page uid)
 *   page       TS_8_848c, QL_24_17,    code + "_" + one to three numbers + optional side letter
 *              GL_79_4_7               (a upper, b lower, c third register of a CBETA page)
 *   line       TS_8_848c.7             page uid + "." + line (column) number, from 1
 *   char       TS_8_848c.7.12          line id + "." + char number within the line, from 1
 *
 * A `cid` query holds one line or char id, a comma list of them, or a range "first-last".
 */

const TRIPITAKA_RE = /^[A-Z]{2}$/;
const SUTRA_RE = /^([A-Z]{2})([A-Z]?\d{3,4}[A-Za-z]?)$/;
const REEL_RE = /^([A-Z]{2}[A-Z]?\d{3,4}[A-Za-z]?)_([1-9]\d{0,3})$/;
const PAGE_RE = /^([A-Z]{2})_((?:[0-9]+)(?:_[0-9]+){0,2})([a-z]?)$/;
const BOOK_RE = /^([A-Z]{2})_([0-9]+)$/;
const POSITION_RE = /^([A-Z]{2}_[0-9_]+[a-z]?)\.([1-9]\d{0,3})(?:\.([1-9]\d{0,3}))?$/;

export type SutraId = { tripitaka: string; work: string };
export type ReelId = { sutraUid: string; reelNo: number };
export type PageId = { tripitaka: string; numbers: number[]; side: string };
export type BookId = { tripitaka: string; volume: number };
export type LineId = { pageUid: string; line: number };
export type CharId = { pageUid: string; line: number; char: number };

export const isTripitakaUid = (uid: string): boolean => TRIPITAKA_RE.test(uid);
export const isSutraUid = (uid: string): boolean => SUTRA_RE.test(uid);
export const isReelUid = (uid: string): boolean => REEL_RE.test(uid);
export const isPageUid = (uid: string): boolean => PAGE_RE.test(uid);
export const isBookUid = (uid: string): boolean => BOOK_RE.test(uid);

export const uidPatterns = {
  tripitaka: TRIPITAKA_RE,
  sutra: SUTRA_RE,
  reel: REEL_RE,
  page: PAGE_RE,
  book: BOOK_RE,
  position: POSITION_RE,
} as const;

export function parseSutraUid(uid: string): SutraId | null {
  const m = SUTRA_RE.exec(uid);
  return m ? { tripitaka: m[1]!, work: m[2]! } : null;
}
export const printSutraUid = (id: SutraId): string => `${id.tripitaka}${id.work}`;

export function parseReelUid(uid: string): ReelId | null {
  const m = REEL_RE.exec(uid);
  return m ? { sutraUid: m[1]!, reelNo: Number(m[2]) } : null;
}
export const printReelUid = (id: ReelId): string => `${id.sutraUid}_${id.reelNo}`;

export function parsePageUid(uid: string): PageId | null {
  const m = PAGE_RE.exec(uid);
  if (!m) return null;
  const numbers = m[2]!.split("_").map(Number);
  if (numbers.length < 2) return null;
  return { tripitaka: m[1]!, numbers, side: m[3]! };
}
export const printPageUid = (id: PageId): string => `${id.tripitaka}_${id.numbers.join("_")}${id.side}`;

/** A CBETA page key, `0848c`: page 848, register c; pages of front matter without a number are 0. */
export function splitCbetaPageKey(pageKey: string): { number: number; side: string } {
  const match = /^([a-z]?)(\d+)([a-z]?)$/.exec(pageKey);
  if (!match) return { number: 0, side: "" };
  return { number: Number.parseInt(match[2] as string, 10), side: match[3] as string };
}

/** The page uid of a CBETA page (`T08`, `0848c`) in its edition: `TS_8_848c`. */
export function pageUidOf(tripitakaUid: string, volume: number, pageKey: string): string {
  const { number, side } = splitCbetaPageKey(pageKey);
  return printPageUid({ tripitaka: tripitakaUid, numbers: [volume, number], side });
}

export function parseBookUid(uid: string): BookId | null {
  const m = BOOK_RE.exec(uid);
  return m ? { tripitaka: m[1]!, volume: Number(m[2]) } : null;
}
export const printBookUid = (id: BookId): string => `${id.tripitaka}_${id.volume}`;

/** The book a page belongs to: its first two underscore parts. */
export function bookUidOfPage(pageUid: string): string | null {
  const page = parsePageUid(pageUid);
  return page ? printBookUid({ tripitaka: page.tripitaka, volume: page.numbers[0]! }) : null;
}

/** The tripitaka code of any uid: its uppercase letter prefix. */
export function tripitakaOf(uid: string): string | null {
  const m = /^([A-Z]{2})/.exec(uid);
  return m ? m[1]! : null;
}

export function parseLineId(id: string): LineId | null {
  const m = POSITION_RE.exec(id);
  if (!m || m[3] !== undefined || !isPageUid(m[1]!)) return null;
  return { pageUid: m[1]!, line: Number(m[2]) };
}
export const printLineId = (id: LineId): string => `${id.pageUid}.${id.line}`;

export function parseCharId(id: string): CharId | null {
  const m = POSITION_RE.exec(id);
  if (!m || m[3] === undefined || !isPageUid(m[1]!)) return null;
  return { pageUid: m[1]!, line: Number(m[2]), char: Number(m[3]) };
}
export const printCharId = (id: CharId): string => `${id.pageUid}.${id.line}.${id.char}`;

export type CidSelection = { kind: "list"; ids: string[] } | { kind: "range"; first: string; last: string };

/** Parses a `cid` query: one id, a comma list, or a range joined by a dash. */
export function parseCidQuery(query: string): CidSelection | null {
  const text = query.trim();
  if (text === "") return null;
  const isPosition = (s: string) => parseLineId(s) !== null || parseCharId(s) !== null;
  const dash = text.indexOf("-");
  if (dash >= 0) {
    const first = text.slice(0, dash);
    const last = text.slice(dash + 1);
    return isPosition(first) && isPosition(last) ? { kind: "range", first, last } : null;
  }
  const ids = text.split(",").map((s) => s.trim());
  return ids.every(isPosition) ? { kind: "list", ids } : null;
}
