/**
 * The collation apparatus (校勘) of a reel: at each place where the editions differ, the adopted
 * lemma and each witness's reading, with the Taishō editors' and CBETA's notes and the
 * cross-references to the same passage in other canons. The importer stores it
 * (server/import/apparatus-entries.ts); `GET /v1/reel/{reel_uid}/apparatus` answers it in one text
 * form (apparatus.ts); downloads and packs keep it; the reader and both searches read witnesses
 * with the functions here (plain data and functions only: the search worker imports them).
 *
 * Offsets are in code points of the line's text: the four text forms have the same code points
 * line by line (text-forms.ts), so an anchor points at the same chars in every form.
 */
import type { TextForms } from "./text-forms.ts";

/** The base text's witness: the Taishō as printed. */
export const BASE_WITNESS = "大";

/** Sigla as the apparatus writes them (without 【】), with their editions' names. */
export const WITNESS_NAMES: Readonly<Record<string, { zh: string; en: string }>> = {
  大: { zh: "大正新脩大藏經", en: "Taishō edition" },
  宋: { zh: "宋本（思溪藏）", en: "Song edition (Sixi)" },
  元: { zh: "元本（普寧藏）", en: "Yuan edition (Puning)" },
  明: { zh: "明本（嘉興藏）", en: "Ming edition (Jiaxing)" },
  宮: { zh: "宮內省圖書寮本（舊宋本）", en: "Imperial Household Library (Old Song)" },
  聖: { zh: "正倉院聖語藏本", en: "Shōsōin Shōgozō manuscripts" },
  聖乙: { zh: "正倉院聖語藏本（別寫）", en: "Shōsōin Shōgozō manuscripts (second copy)" },
  麗: { zh: "高麗藏", en: "Korean edition (Tripitaka Koreana)" },
  磧: { zh: "磧砂藏", en: "Qisha edition" },
  石: { zh: "房山石經", en: "Fangshan stone sutras" },
  敦: { zh: "敦煌寫本", en: "Dunhuang manuscripts" },
  知: { zh: "知恩院本", en: "Chion-in edition" },
  久: { zh: "久原文庫本", en: "Kuhara Library edition" },
  中: { zh: "中華藏", en: "Zhonghua edition" },
  金: { zh: "金藏", en: "Jin edition" },
  CB: { zh: "CBETA 校訂", en: "CBETA's correction" },
};

/** The Taishō apparatus's shorthand for several witnesses at once. */
const WITNESS_GROUPS: Readonly<Record<string, readonly string[]>> = { 三: ["宋", "元", "明"] };

/**
 * The witnesses of a `wit` attribute: `【宋】【元】【明】【麗-CB】` → 宋, 元, 明, 麗. A siglum
 * CBETA checked (`麗-CB`) is the edition's own; 三 is Song, Yuan and Ming.
 */
export function witnessesOf(wit: string): string[] {
  const found: string[] = [];
  for (const match of wit.matchAll(/【([^】]+)】/g)) {
    const siglum = (match[1] as string).replace(/-CB$/, "").trim();
    for (const one of WITNESS_GROUPS[siglum] ?? [siglum]) if (one && !found.includes(one)) found.push(one);
  }
  if (found.length === 0 && wit.trim() !== "") found.push(wit.trim());
  return found;
}

export const APPARATUS_NOTE_KINDS = ["orig", "mod", "add", "foot", "other"] as const;
export type ApparatusNoteKind = (typeof APPARATUS_NOTE_KINDS)[number];

/** A note's kind from its `type` attribute: the Taishō footnote, CBETA's change or addition. */
export function noteKindOf(type: string): ApparatusNoteKind {
  if (type === "orig" || type === "mod" || type === "add") return type;
  if (type === "" || type === "foot") return "foot";
  return "other";
}

/** `K05n0013_p0980a01`, `Q05_p0361a26` (or `Q30p0570c22`), `T08n0235_p0748c28`: a line of another canon. */
const CROSS_REFERENCE_RE = /^([A-Z]+)(\d+)(?:n([A-Za-z0-9]+))?_?p([a-z]?\d+[a-z]?)(\d{2,3})$/;

export type CrossReferenceTarget = {
  collection: string;
  volume: number;
  workNo: string | null;
  pageKey: string;
  lineNo: number;
};

export function parseCrossReference(target: string): CrossReferenceTarget | null {
  const match = CROSS_REFERENCE_RE.exec(target.trim());
  if (!match) return null;
  return {
    collection: match[1] as string,
    volume: Number.parseInt(match[2] as string, 10),
    workNo: match[3] ?? null,
    pageKey: match[4] as string,
    lineNo: Number.parseInt(match[5] as string, 10),
  };
}

/** One place, its texts of type T: the four forms as stored, or one as answered. */
type EntryWithTexts<T> = {
  /** The apparatus number (`0748028`); a repeated place (`type="star"`) keeps its original's. */
  n: string;
  /** A repeated place: the same variant met again, noted once at its first place. */
  star: boolean;
  /** Start and end (exclusive) of the lemma: a line id and a code point offset in its text. */
  line: string;
  offset: number;
  end_line: string;
  end_offset: number;
  lemma: { witnesses: string[]; text: T };
  readings: { witnesses: string[]; text: T; resp: string }[];
  notes: { kind: ApparatusNoteKind; resp: string; text: T }[];
};

/** What the importer keeps of one place, every text in the four forms. */
export type StoredApparatusEntry = EntryWithTexts<TextForms> & {
  /** Other canons' lines for the same passage: `cf1`, `cf2` … as written (`K05n0013_p0980a01`). */
  refs: { kind: string; target: string }[];
};

/** One place as the API answers it, in one text form; `id` is its index in the reel. */
export type ApparatusEntry = EntryWithTexts<string> & { id: number; refs: ApparatusRef[] };

export type ApparatusRef = {
  kind: string;
  target: string;
  canon: string;
  reel_uid: string | null;
  cid: string | null;
};

/** What reading a witness needs of an entry: its place, lemma and readings in one text form. */
export type WitnessEntry = Pick<
  ApparatusEntry,
  "id" | "line" | "offset" | "end_line" | "end_offset" | "lemma"
> & {
  readings: { witnesses: string[]; text: string }[];
};

/** The witnesses a reel's entries name, the base first, then in WITNESS_NAMES order. */
export function witnessesInEntries(entries: readonly Pick<WitnessEntry, "lemma" | "readings">[]): string[] {
  const seen = new Set<string>([BASE_WITNESS]);
  for (const entry of entries) {
    for (const w of entry.lemma.witnesses) seen.add(w);
    for (const reading of entry.readings) for (const w of reading.witnesses) seen.add(w);
  }
  const order = Object.keys(WITNESS_NAMES);
  const rank = (w: string): number => {
    const i = order.indexOf(w);
    return i < 0 ? order.length : i;
  };
  return [...seen].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * What `witness` reads at an entry: the lemma's text when it is one of the lemma's witnesses or
 * names no reading here, else its reading. `null` when it reads as the lemma.
 */
export function readingOf(
  entry: Pick<WitnessEntry, "lemma" | "readings">,
  witness: string,
): { text: string } | null {
  if (entry.lemma.witnesses.includes(witness)) return null;
  const reading = entry.readings.find((r) => r.witnesses.includes(witness));
  return reading ? { text: reading.text } : null;
}

/** A line of a reel in one text form, in reel order. */
export type WitnessLine = { cid: string; text: string };

/**
 * Where an entry's lemma lies in a reel: UTF-16 offsets in the lines joined in order. A lemma the
 * text leaves out (a footnote's Sanskrit) sits at a point, `outOfText`: no witness reads there.
 */
export type PlacedEntry = { entry: WitnessEntry; start: number; end: number; outOfText: boolean };

/** UTF-16 length of the first `codePoints` code points of `text`. */
export function unitsOf(text: string, codePoints: number): number {
  let units = 0;
  for (let n = 0; n < codePoints && units < text.length; n++) {
    const unit = text.charCodeAt(units);
    units += unit >= 0xd800 && unit <= 0xdbff && units + 1 < text.length ? 2 : 1;
  }
  return units;
}

/** A reel's lines joined (`text`, each line's start in it, its index by id) and its entries placed there. */
export function placeEntries(
  lines: readonly WitnessLine[],
  entries: readonly WitnessEntry[],
): { text: string; lineStarts: number[]; lineIndex: Map<string, number>; placed: PlacedEntry[] } {
  const lineStarts: number[] = [];
  const lineIndex = new Map<string, number>();
  let text = "";
  lines.forEach((line, i) => {
    lineStarts.push(text.length);
    lineIndex.set(line.cid, i);
    text += line.text;
  });
  const at = (cid: string, offset: number): number | null => {
    const i = lineIndex.get(cid);
    if (i === undefined) return null;
    return (lineStarts[i] as number) + unitsOf((lines[i] as WitnessLine).text, offset);
  };
  const placed: PlacedEntry[] = [];
  for (const entry of entries) {
    const start = at(entry.line, entry.offset);
    const end = at(entry.end_line, entry.end_offset);
    if (start === null || end === null || end < start) continue;
    placed.push({ entry, start, end, outOfText: start === end && entry.lemma.text !== "" });
  }
  placed.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, lineStarts, lineIndex, placed };
}

/** A change a witness makes: base text [start, end) reads `text` instead (lemma and reading trimmed). */
export type WitnessChange = { start: number; end: number; text: string; entry: number };
type Change = WitnessChange;

/** What `witness` reads otherwise than the base text, in text order, places overlapping dropped. */
export function witnessChanges(
  base: string,
  placed: readonly PlacedEntry[],
  witness: string,
): WitnessChange[] {
  const changes: Change[] = [];
  let lastEnd = -1;
  for (const { entry, start, end, outOfText } of placed) {
    const reading = outOfText ? null : readingOf(entry, witness);
    if (!reading) continue;
    const lemma = Array.from(base.slice(start, end));
    const instead = Array.from(reading.text);
    let head = 0;
    while (head < lemma.length && head < instead.length && lemma[head] === instead[head]) head++;
    let tail = 0;
    while (
      tail < lemma.length - head &&
      tail < instead.length - head &&
      lemma[lemma.length - 1 - tail] === instead[instead.length - 1 - tail]
    )
      tail++;
    if (head === lemma.length && head === instead.length) continue;
    const from = start + lemma.slice(0, head).join("").length;
    const to = end - lemma.slice(lemma.length - tail).join("").length;
    // Nested or overlapping places: the first one met wins.
    if (from < lastEnd) continue;
    changes.push({
      start: from,
      end: to,
      text: instead.slice(head, instead.length - tail).join(""),
      entry: entry.id,
    });
    lastEnd = to;
  }
  return changes;
}

/**
 * UTF-16 units of base text kept on each side of a reading in a search fragment: a phrase of up
 * to about a dozen chars around a reading is found. Every unit more costs the whole Taishō half a
 * million chars per text form.
 */
export const READING_WINDOW = 16;

/**
 * The text form whose fragments search in readings looks through: simplified for a simplified
 * search, else standard traditional (the other forms differ from it in rare variants only).
 */
export const readingsFormOf = (txtType: string): "std_txt" | "sim_txt" =>
  txtType === "sim_txt" ? "sim_txt" : "std_txt";

/**
 * A piece of a witness's text around its readings, for finding phrases that exist only there.
 * `spans` are the readings' places in `text` (UTF-16, end exclusive; an omission is an empty span).
 */
export type ReadingFragment = {
  witnesses: string[];
  /** The line where the fragment's first reading starts: the reader opens at it. */
  cid: string;
  text: string;
  spans: [number, number][];
  entries: number[];
};

/**
 * Every witness's fragments of a reel (READING_WINDOW of base text around its readings, nearby
 * readings of one witness in one fragment), witnesses that read a fragment alike merged.
 */
export function readingFragments(
  lines: readonly WitnessLine[],
  entries: readonly WitnessEntry[],
): ReadingFragment[] {
  const { text, lineStarts, placed } = placeEntries(lines, entries);
  const witnesses = witnessesInEntries(placed.map((p) => p.entry));
  const lineAt = (offset: number): string => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return (lines[lo] as WitnessLine).cid;
  };
  const byKey = new Map<string, ReadingFragment>();
  const order: string[] = [];
  for (const witness of witnesses) {
    const changes = witnessChanges(text, placed, witness);
    let i = 0;
    while (i < changes.length) {
      let j = i;
      while (
        j + 1 < changes.length &&
        (changes[j + 1] as Change).start - (changes[j] as Change).end < 2 * READING_WINDOW
      )
        j++;
      const group = changes.slice(i, j + 1);
      const first = group[0] as Change;
      const last = group[group.length - 1] as Change;
      const from = Math.max(0, first.start - READING_WINDOW);
      const to = Math.min(text.length, last.end + READING_WINDOW);
      let piece = "";
      let at = from;
      const spans: [number, number][] = [];
      for (const change of group) {
        piece += text.slice(at, change.start);
        spans.push([piece.length, piece.length + change.text.length]);
        piece += change.text;
        at = change.end;
      }
      piece += text.slice(at, to);
      const key = `${from}|${piece}|${spans.join(";")}`;
      const known = byKey.get(key);
      if (known) known.witnesses.push(witness);
      else {
        byKey.set(key, {
          witnesses: [witness],
          cid: lineAt(first.start),
          text: piece,
          spans,
          entries: group.map((c) => c.entry),
        });
        order.push(key);
      }
      i = j + 1;
    }
  }
  return order.map((key) => byKey.get(key) as ReadingFragment);
}

/**
 * Whether a hit at UTF-16 [start, end) of a fragment touches one of its readings: it reads
 * otherwise in the base text. An omission is touched by a hit running across its place.
 */
export function touchesReading(
  fragment: Pick<ReadingFragment, "spans">,
  start: number,
  end: number,
): boolean {
  return fragment.spans.some(([from, to]) =>
    to > from ? start < to && end > from : start < from && end > from,
  );
}
