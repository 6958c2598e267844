/**
 * Where a reel's collation marks and a witness's readings go: each line as runs of base text and
 * of the witness's readings, with a mark after each place (after its lemma, or after the reading
 * put in its place). The places and a witness's changes are the ones search in
 * readings uses (contract/apparatus-witnesses.ts placeEntries, witnessChanges), so reading a reel as
 * a witness shows what search in readings finds.
 */
import {
  placeEntries,
  type WitnessChange,
  type WitnessEntry,
  witnessChanges,
} from "../../../../contract/apparatus-witnesses.ts";

/** A reel line in one text form; `para_offsets` (UTF-16) are carried over to the text as read. */
export type PlacementLine = { cid: string; text: string; para_offsets?: readonly number[] };

export type LinePart =
  | { kind: "text"; text: string; reading: number | null }
  | { kind: "mark"; entry: number };

/** Where a place lies in a line as read (UTF-16): its lemma or reading [from, to), and its mark. */
export type LinePlace = { entry: number; from: number; to: number; mark: number | null };

/** A line as read: its parts, its text and paragraph starts, and the places it shows. */
export type PlacedLine = { parts: LinePart[]; text: string; para_offsets: number[]; places: LinePlace[] };

type Change = WitnessChange;
/**
 * A run of a line as read: base text [from, to) of the joined reel, or a reading that replaces
 * it; `at` is where the run starts in the line as read.
 */
type Segment = { text: string; from: number; to: number; reading: number | null; at: number };
/** A point in a line as read. */
type Point = { line: number; offset: number };

/** Each line's runs: a change is shown in the line where it starts and empties what it covers. */
function segmentLines(
  lines: readonly PlacementLine[],
  starts: readonly number[],
  base: string,
  changes: readonly Change[],
) {
  const segments: Segment[][] = [];
  let next = 0;
  let covered = 0;
  lines.forEach((line, i) => {
    const from = starts[i] as number;
    const to = from + line.text.length;
    const list: Segment[] = [];
    let length = 0;
    const push = (text: string, start: number, end: number, reading: number | null) => {
      list.push({ text, from: start, to: end, reading, at: length });
      length += text.length;
    };
    let cursor = Math.max(from, Math.min(covered, to));
    for (; next < changes.length && (changes[next] as Change).start < to; next++) {
      const change = changes[next] as Change;
      if (change.start < from) continue;
      if (change.start > cursor) push(base.slice(cursor, change.start), cursor, change.start, null);
      push(change.text, change.start, change.end, change.entry);
      cursor = Math.max(cursor, Math.min(change.end, to));
      covered = Math.max(covered, change.end);
    }
    if (to > cursor) push(base.slice(cursor, to), cursor, to, null);
    segments.push(list);
  });
  return segments;
}

/**
 * The reel's lines as `witness` reads them (null: the text as it is), keyed by line id, with a
 * mark for every place of `entries` whose lines are in the reel.
 */
export function placeApparatus(
  lines: readonly PlacementLine[],
  entries: readonly WitnessEntry[],
  witness: string | null,
): Map<string, PlacedLine> {
  const { text: base, lineStarts: starts, lineIndex: index, placed } = placeEntries(lines, entries);
  const changes = witness === null ? [] : witnessChanges(base, placed, witness);
  const segments = segmentLines(lines, starts, base, changes);

  const readingOfEntry = new Map<number, { line: number; segment: Segment }>();
  segments.forEach((list, line) => {
    for (const segment of list)
      if (segment.reading !== null) readingOfEntry.set(segment.reading, { line, segment });
  });
  const lengthOf = (line: number): number => (segments[line] ?? []).reduce((n, s) => n + s.text.length, 0);
  const afterReading = (entry: number): Point | null => {
    const found = readingOfEntry.get(entry);
    return found ? { line: found.line, offset: found.segment.at + found.segment.text.length } : null;
  };
  /** Base position `p` in line `line`; inside a reading it moves after that reading. */
  const pointOf = (line: number, p: number): Point => {
    const inside = changes.find((c) => c.start < p && p < c.end);
    const moved = inside ? afterReading(inside.entry) : null;
    if (moved) return moved;
    const segment = (segments[line] ?? []).find((s) => s.reading === null && s.from <= p && p <= s.to);
    return { line, offset: segment ? segment.at + p - segment.from : lengthOf(line) };
  };

  const marks: { entry: number; point: Point }[] = [];
  const places = new Map<number, LinePlace[]>();
  const addPlace = (line: number, place: LinePlace) => places.set(line, [...(places.get(line) ?? []), place]);
  for (const { entry, start, end } of placed) {
    const mark = afterReading(entry.id) ?? pointOf(index.get(entry.end_line) as number, end);
    marks.push({ entry: entry.id, point: mark });
    const reading = readingOfEntry.get(entry.id);
    if (reading) {
      const { line, segment } = reading;
      addPlace(line, {
        entry: entry.id,
        from: segment.at,
        to: segment.at + segment.text.length,
        mark: mark.offset,
      });
      continue;
    }
    const first = index.get(entry.line) as number;
    const last = index.get(entry.end_line) as number;
    for (let line = first; line <= last; line++) {
      const from = line === first ? pointOf(line, start) : { line, offset: 0 };
      const to = line === last ? pointOf(line, end) : { line, offset: lengthOf(line) };
      const a = from.line === line ? from.offset : 0;
      const b = to.line === line ? to.offset : lengthOf(line);
      addPlace(line, {
        entry: entry.id,
        from: a,
        to: Math.max(a, b),
        mark: mark.line === line ? mark.offset : null,
      });
    }
  }

  const marksOf = new Map<number, { entry: number; point: Point }[]>();
  for (const mark of marks) marksOf.set(mark.point.line, [...(marksOf.get(mark.point.line) ?? []), mark]);
  const out = new Map<string, PlacedLine>();
  lines.forEach((line, i) => {
    const list = segments[i] as Segment[];
    const lineMarks = (marksOf.get(i) ?? []).sort((a, b) => a.point.offset - b.point.offset);
    out.set(line.cid, {
      parts: partsOf(list, lineMarks),
      text: list.map((s) => s.text).join(""),
      para_offsets: paraOffsets(line, starts[i] as number, list),
      places: places.get(i) ?? [],
    });
  });
  return out;
}

/** The runs of a line split at its marks; a mark between a run and a reading stays between them. */
function partsOf(list: readonly Segment[], marks: readonly { entry: number; point: Point }[]): LinePart[] {
  const parts: LinePart[] = [];
  let m = 0;
  list.forEach((segment, s) => {
    const text = (from: number, to?: number) =>
      parts.push({ kind: "text", text: segment.text.slice(from, to), reading: segment.reading });
    // An omission stays as an empty reading, before its mark: the reader sees something is missing.
    if (segment.text === "" && segment.reading !== null) text(0);
    let cursor = 0;
    const end = segment.at + segment.text.length;
    const last = s === list.length - 1;
    for (; m < marks.length; m++) {
      const { entry, point } = marks[m] as { entry: number; point: Point };
      // A mark at a base run's end that a reading follows goes before the reading.
      if (point.offset > end || (point.offset === end && segment.reading === null && !last)) break;
      const split = point.offset - segment.at;
      if (split > cursor) text(cursor, split);
      parts.push({ kind: "mark", entry });
      cursor = Math.max(cursor, split);
    }
    if (segment.text.length > cursor) text(cursor);
  });
  for (; m < marks.length; m++) parts.push({ kind: "mark", entry: (marks[m] as { entry: number }).entry });
  return parts;
}

const lastEnd = (list: readonly Segment[]): number => {
  const last = list[list.length - 1];
  return last ? last.at + last.text.length : 0;
};

/** Paragraph starts in the line as read: a start inside a reading moves to the reading's start. */
function paraOffsets(line: PlacementLine, start: number, list: readonly Segment[]): number[] {
  const moved = (line.para_offsets ?? []).map((q) => {
    const p = start + q;
    const segment = list.find((s) => s.from <= p && (p < s.to || (s.from === s.to && p === s.from)));
    if (!segment) return p >= start + line.text.length ? lastEnd(list) : 0;
    return segment.at + (segment.reading === null ? p - segment.from : 0);
  });
  return [...new Set(moved)];
}

/** The lines of a reel in reading order, as placeApparatus takes them. */
export const linesOf = (reel: { pages: readonly { lines: readonly PlacementLine[] }[] }): PlacementLine[] =>
  reel.pages.flatMap((page) => page.lines);
