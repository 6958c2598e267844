/**
 * References people paste, read into this product's ids (contract/ids.ts):
 *
 *   CBETA line heads      T08n0251_p0848c07, T08n0251_p0848c07-10, T08n0251_p0848c07-p0849a02,
 *                         J39nB470_p0934b30, T08n0251p0848c07
 *   CBETA citations       CBETA, T08, no. 251, p. 848c7-9 · CBETA 2024.R1, T08, no. 251, p. 848c7 ·
 *                         CBETA, T08, no. 251, p. 848, c7-9 (the older form) · T.50.2059.0333c16
 *   Taishō print forms    大正藏第8冊第848頁下欄 (上欄 a, 中欄 b, 下欄 c; 第7行 adds the line),
 *                         T8.848c, T08.848c07, T8, p. 848c
 *   product ids           QL_24_17 (a page), TS_8_848c.7 (a line), TS_8_848c.7.12 (a char)
 *
 * Full-width characters, spaces, brackets and the usual dashes are accepted, and a CBETA reference
 * or line head is found inside a longer text (a whole copied quotation). A reference to a
 * page of a CBETA edition without its register (a, b, c) is ambiguous: the answer lists the pages
 * it may mean. Whether the place exists is for the caller to look up.
 */

import { isPageUid, parseCharId, parseLineId, printLineId, printPageUid } from "./ids.ts";
import { cbetaCollectionToTripitaka } from "./tripitaka.ts";

export type CitedPlace = {
  tripitaka: string;
  /** The work, when the reference names it (TS0251). */
  sutraUid: string | null;
  pageUid: string;
  /** The line (column) on the page, from 1; null for a whole page. */
  line: number | null;
  /** The char within the line, from 1, for a char id. */
  char: number | null;
};

export type Citation = CitedPlace & {
  /** The last line of a range (possibly on a later page); null for one line or a page. */
  end: { pageUid: string; line: number } | null;
};

export type CitationError =
  | { code: "EMPTY" }
  | { code: "UNKNOWN_FORM" }
  | { code: "UNKNOWN_COLLECTION"; collection: string }
  | { code: "AMBIGUOUS"; candidates: string[] }
  | { code: "BAD_RANGE" };

export type CitationParse = { ok: true; citation: Citation } | { ok: false; error: CitationError };

const REGISTERS = ["a", "b", "c"] as const;
const PRINT_REGISTERS: Record<string, string> = { 上: "a", 中: "b", 下: "c" };
const PRINT_EDITIONS: Array<[RegExp, string]> = [
  [/^(?:大正(?:新[脩修])?(?:大)?藏(?:經|经)?|大正藏)/, "T"],
  [/^(?:卍?(?:新纂)?續藏(?:經)?|卍?(?:新纂)?续藏(?:经)?|卍續)/, "X"],
  [/^(?:嘉興藏|嘉兴藏|嘉興大藏經|嘉兴大藏经)/, "J"],
];

const DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 8, 八, 四十八, 八四八, 一百零三 → the number; null when it is none. */
function readNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^[〇零一二兩三四五六七八九十百千]+$/.test(text)) return null;
  if (!/[十百千]/.test(text)) return Number([...text].map((ch) => DIGITS[ch]).join(""));
  let total = 0;
  let digit = 0;
  for (const ch of text) {
    const unit = UNITS[ch];
    if (unit === undefined) digit = DIGITS[ch] ?? 0;
    else {
      total += (digit || 1) * unit;
      digit = 0;
    }
  }
  return total + digit;
}

/** Full-width forms to ASCII, dashes and commas to one form, brackets and spaces around removed. */
function normalise(reference: string): string {
  return reference
    .normalize("NFKC")
    .replace(/[‐‑‒–—―−～~〜至]/g, "-")
    .replace(/[，、]/g, ",")
    .replace(/[。]/g, ".")
    .replace(/^[\s([《「『【]+|[\s)\]》」』】.,;:]+$/g, "")
    .trim();
}

function tripitakaOfCollection(collection: string): string | CitationError {
  return cbetaCollectionToTripitaka[collection] ?? { code: "UNKNOWN_COLLECTION", collection };
}

/** 251 → 0251, B470 → B470, 42 with a letter → A042, 220a → 0220a, 150A → 0150A. */
function workNumber(work: string): string {
  const m = /^([A-Z]?)(\d+)([A-Za-z]?)$/.exec(work);
  if (!m) return work;
  const [, letter = "", digits = "", suffix = ""] = m;
  return `${letter}${digits.padStart(letter ? 3 : 4, "0")}${suffix}`;
}

type Place = { page: number; register: string; line: number | null };

function placeOf(page: string, register: string | undefined, line: string | undefined): Place {
  return { page: Number(page), register: register ?? "", line: line ? Number(line) : null };
}

function build(
  collection: string,
  volume: number,
  work: string | null,
  start: Place,
  end: Place | null,
): CitationParse {
  const tripitaka = tripitakaOfCollection(collection);
  if (typeof tripitaka !== "string") return { ok: false, error: tripitaka };
  const pageUid = (place: Place) =>
    printPageUid({ tripitaka, numbers: [volume, place.page], side: place.register });
  if (!start.register)
    return {
      ok: false,
      error: { code: "AMBIGUOUS", candidates: REGISTERS.map((r) => pageUid({ ...start, register: r })) },
    };
  let last: Citation["end"] = null;
  if (end) {
    if (start.line === null || end.line === null) return { ok: false, error: { code: "BAD_RANGE" } };
    const endPlace = end.register ? end : { ...end, page: start.page, register: start.register };
    const order = (p: Place) => p.page * 4 + REGISTERS.indexOf(p.register as "a");
    const before =
      order(endPlace) < order(start) || (order(endPlace) === order(start) && end.line < start.line);
    if (before) return { ok: false, error: { code: "BAD_RANGE" } };
    last = { pageUid: pageUid(endPlace), line: end.line };
  }
  return {
    ok: true,
    citation: {
      tripitaka,
      sutraUid: work ? `${tripitaka}${workNumber(work)}` : null,
      pageUid: pageUid(start),
      line: start.line,
      char: null,
      end: last,
    },
  };
}

const LINE_HEAD =
  /^([A-Z]{1,2})(\d{1,3})n([A-Z]?\d{1,4}[A-Za-z]?)_?p(\d{1,4})([a-z])(\d{1,2})(?:-(?:p?(\d{1,4})([a-z]))?(\d{1,2}))?$/;
const CBETA_CITE =
  /^(?:CBETA(?:\s+[\w.]+)?\s*,\s*)?([A-Z]{1,2})\s*(\d{1,3})\s*,\s*no\.?\s*([A-Z]?\d{1,4}[a-z]?)\s*,\s*pp?\.?\s*(\d{1,4})\s*,?\s*([a-z])?(\d{1,2})?(?:\s*-\s*(?:(\d{1,4})\s*,?\s*([a-z]))?(\d{1,2}))?$/i;
const DOTTED = /^([A-Z]{1,2})\.?\s*(\d{1,3})\.(\d{1,4}[A-Za-z]?)\.(\d{1,4})([a-z])(\d{1,2})?$/;
const SHORT_PRINT = /^([A-Z]{1,2})\s*(\d{1,3})\s*[.,]\s*(?:pp?\.?\s*)?(\d{1,4})([a-z])?(\d{1,2})?$/;
const PRINT =
  /^第?([〇零一二兩三四五六七八九十百千\d]+)[冊册卷]\s*,?\s*第?([〇零一二兩三四五六七八九十百千\d]+)[頁页]\s*,?\s*(?:([上中下])[欄栏]\s*,?\s*)?(?:第?([〇零一二三四五六七八九十\d]+)行)?$/;

/**
 * A citation from a pattern whose groups are the collection, volume, work, page, register and line,
 * then a range's end page, register and line. The register is lower case, the collection upper case.
 */
function fromRangeMatch(m: RegExpExecArray): CitationParse {
  const [
    ,
    collection = "",
    volume = "",
    work = "",
    page = "",
    register,
    line,
    endPage,
    endRegister,
    endLine,
  ] = m;
  const reg = register?.toLowerCase();
  const end = endLine ? placeOf(endPage ?? page, endPage ? endRegister?.toLowerCase() : reg, endLine) : null;
  return build(collection.toUpperCase(), Number(volume), work, placeOf(page, reg, line), end);
}

function fromLineHead(text: string): CitationParse | null {
  const m = LINE_HEAD.exec(text);
  return m ? fromRangeMatch(m) : null;
}

function fromCbetaCitation(text: string): CitationParse | null {
  const m = CBETA_CITE.exec(text);
  return m ? fromRangeMatch(m) : null;
}

function fromDotted(text: string): CitationParse | null {
  const m = DOTTED.exec(text);
  if (!m) return null;
  const [, collection = "", volume = "", work = "", page = "", register, line] = m;
  return build(collection, Number(volume), work, placeOf(page, register, line), null);
}

function fromShortPrint(text: string): CitationParse | null {
  const m = SHORT_PRINT.exec(text);
  if (!m) return null;
  const [, collection = "", volume = "", page = "", register, line] = m;
  return build(collection, Number(volume), null, placeOf(page, register, line), null);
}

function fromPrint(text: string): CitationParse | null {
  const compact = text.replace(/[\s《》]/g, "");
  const edition = PRINT_EDITIONS.find(([pattern]) => pattern.test(compact));
  if (!edition) return null;
  const [pattern, collection] = edition;
  const m = PRINT.exec(compact.replace(pattern, "").replace(/^,/, ""));
  if (!m) return null;
  const volume = readNumber(m[1] ?? "");
  const page = readNumber(m[2] ?? "");
  const line = m[4] ? readNumber(m[4]) : null;
  if (volume === null || page === null || (m[4] && line === null)) return null;
  const register = m[3] ? PRINT_REGISTERS[m[3]] : undefined;
  return build(collection, volume, null, { page, register: register ?? "", line }, null);
}

function fromProductId(text: string): CitationParse | null {
  const base = { sutraUid: null, end: null };
  const char = parseCharId(text);
  if (char)
    return {
      ok: true,
      citation: {
        ...base,
        tripitaka: text.slice(0, 2),
        pageUid: char.pageUid,
        line: char.line,
        char: char.char,
      },
    };
  const line = parseLineId(text);
  if (line)
    return {
      ok: true,
      citation: { ...base, tripitaka: text.slice(0, 2), pageUid: line.pageUid, line: line.line, char: null },
    };
  if (isPageUid(text))
    return {
      ok: true,
      citation: { ...base, tripitaka: text.slice(0, 2), pageUid: text, line: null, char: null },
    };
  return null;
}

const READERS = [fromProductId, fromLineHead, fromCbetaCitation, fromDotted, fromShortPrint, fromPrint];

/** A CBETA reference or line head inside a longer text, such as a whole copied quotation. */
const EMBEDDED = [
  /CBETA[^;()]*?,\s*pp?\.\s*\d+\s*,?\s*[a-z]\d+(?:\s*-\s*(?:\d+\s*,?\s*[a-z])?\d+)?/i,
  /[A-Z]{1,2}\d{1,3}n[A-Z]?\d{1,4}[A-Za-z]?_?p\d{1,4}[a-z]\d{1,2}(?:-(?:p?\d{1,4}[a-z])?\d{1,2})?/,
];

function readWhole(text: string): CitationParse | null {
  for (const read of READERS) {
    const parsed = read(text);
    if (parsed) return parsed;
  }
  return null;
}

export function parseCitation(reference: string): CitationParse {
  const text = normalise(reference);
  if (text === "") return { ok: false, error: { code: "EMPTY" } };
  const whole = readWhole(text);
  if (whole) return whole;
  for (const pattern of EMBEDDED) {
    const inside = pattern.exec(text)?.[0];
    const parsed = inside ? readWhole(inside) : null;
    if (parsed) return parsed;
  }
  return { ok: false, error: { code: "UNKNOWN_FORM" } };
}

/** The CBETA line head of a place of a CBETA edition (the form copied citations use), or null. */
export function cbetaLineHead(place: { sutraUid: string; pageUid: string; line: number }): string | null {
  const collection = Object.entries(cbetaCollectionToTripitaka).find(([, code]) =>
    place.sutraUid.startsWith(code),
  )?.[0];
  const page = /^[A-Z]{2}_(\d+)_(\d+)([a-z])$/.exec(place.pageUid);
  if (!collection || !page) return null;
  const work = place.sutraUid.slice(2);
  const [, volume = "", number = "", register = ""] = page;
  return `${collection}${volume.padStart(2, "0")}n${work}_p${number.padStart(4, "0")}${register}${String(place.line).padStart(2, "0")}`;
}

/** The address a resolved place opens at: the reel's text when there is one, else the page scan. */
export function citeHref(place: { reel_uid: string | null; page_uid: string; cid: string | null }): string {
  const query = place.cid ? `?cid=${encodeURIComponent(place.cid)}` : "";
  return place.reel_uid ? `/scroll/${place.reel_uid}${query}` : `/page/${place.page_uid}${query}`;
}

/** The `cid` that marks a cited place found on `line`: a char, a line, or a range of lines. */
export function citedCid(citation: Citation, line: number): string {
  const first = printLineId({ pageUid: citation.pageUid, line });
  if (citation.char !== null) return `${first}.${citation.char}`;
  return citation.end ? `${first}-${printLineId(citation.end)}` : first;
}
