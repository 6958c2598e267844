/**
 * A sutra's lines as they cross from the thread that prepares them (text-worker.ts) to the one
 * that writes them: by column, each text column as one string with where each line's text ends,
 * the numbers as typed arrays. A thread copies a few long strings and moves typed arrays far more
 * quickly than it copies a million small objects field by field; the writer sends the columns to
 * PostgreSQL's COPY as they are (copyLineRows) and makes rows of them only for an upsert or SQLite.
 */
import type { BinaryRows } from "../db/pg-copy.ts";
import type { LineTable } from "../db/schema.ts";
import type { PreparedSutra } from "./prepare-sutra.ts";

/** The line table's columns in the order the rows hold them. */
export const LINE_COLUMNS = [
  "page_uid",
  "line_no",
  "reel_uid",
  "reel_seq",
  "ori_txt",
  "uni_txt",
  "std_txt",
  "sim_txt",
  "para_offsets",
] as const satisfies readonly (keyof LineTable)[];

const TEXT_COLUMNS = ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];

/** Line i's text is joined.slice(ends[i - 1], ends[i]), or null where `nulls` marks it. */
type StringColumn = { joined: string; ends: Int32Array; nulls: Uint8Array };

/** reel_seq of a line in no reel. */
const NO_SEQ = -(2 ** 31);

export type LineColumns = {
  count: number;
  /** Per line: its page (an index into pageUids) and number, and its reel (into reelUids; -1: none). */
  pageUids: string[];
  page: Int32Array;
  lineNo: Int32Array;
  reelUids: string[];
  reel: Int32Array;
  reelSeq: Int32Array;
  texts: Record<TextColumn, StringColumn>;
  paraOffsets: StringColumn;
};

/** A prepared sutra as it goes to the writer (sutra-writer.ts), its lines by column. */
export type SutraToWrite = Omit<PreparedSutra, "lines"> & { lines: LineColumns };

/** A string column being filled, line by line. */
class StringColumnBuilder {
  private readonly parts: string[] = [];
  private readonly ends: Int32Array;
  private readonly nulls: Uint8Array;
  private end = 0;
  constructor(count: number) {
    this.ends = new Int32Array(count);
    this.nulls = new Uint8Array(count);
  }
  set(i: number, value: string | null): void {
    if (value === null) this.nulls[i] = 1;
    else {
      this.parts.push(value);
      this.end += value.length;
    }
    this.ends[i] = this.end;
  }
  done(): StringColumn {
    return { joined: this.parts.join(""), ends: this.ends, nulls: this.nulls };
  }
}

/** Numbers distinct values in the order met; the lines of a page, or a reel, come one after another. */
class Indexer {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();
  private last: string | null = null;
  private lastNumber = -1;
  index(value: string): number {
    if (value === this.last) return this.lastNumber;
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.numbers.set(value, n);
      this.values.push(value);
    }
    this.last = value;
    this.lastNumber = n;
    return n;
  }
}

export function lineColumns(lines: readonly LineTable[]): LineColumns {
  const count = lines.length;
  const pages = new Indexer();
  const reels = new Indexer();
  const page = new Int32Array(count);
  const lineNo = new Int32Array(count);
  const reel = new Int32Array(count);
  const reelSeq = new Int32Array(count);
  const ori = new StringColumnBuilder(count);
  const uni = new StringColumnBuilder(count);
  const std = new StringColumnBuilder(count);
  const sim = new StringColumnBuilder(count);
  const paraOffsets = new StringColumnBuilder(count);
  for (let i = 0; i < count; i++) {
    const line = lines[i] as LineTable;
    page[i] = pages.index(line.page_uid);
    lineNo[i] = line.line_no;
    reel[i] = line.reel_uid === null ? -1 : reels.index(line.reel_uid);
    reelSeq[i] = line.reel_seq ?? NO_SEQ;
    ori.set(i, line.ori_txt);
    uni.set(i, line.uni_txt);
    std.set(i, line.std_txt);
    sim.set(i, line.sim_txt);
    paraOffsets.set(i, line.para_offsets);
  }
  return {
    count,
    pageUids: pages.values,
    page,
    lineNo,
    reelUids: reels.values,
    reel,
    reelSeq,
    texts: { ori_txt: ori.done(), uni_txt: uni.done(), std_txt: std.done(), sim_txt: sim.done() },
    paraOffsets: paraOffsets.done(),
  };
}

export const sutraToWrite = ({ lines, ...sutra }: PreparedSutra): SutraToWrite => ({
  ...sutra,
  lines: lineColumns(lines),
});

/** The typed arrays of the columns, to be moved (not copied) to another thread. */
export function transferablesOf(lines: LineColumns): ArrayBuffer[] {
  const columns = [...TEXT_COLUMNS.map((column) => lines.texts[column]), lines.paraOffsets];
  return [
    lines.page,
    lines.lineNo,
    lines.reel,
    lines.reelSeq,
    ...columns.flatMap((column) => [column.ends, column.nulls]),
  ].map((array) => array.buffer as ArrayBuffer);
}

/** Line i's value of a string column. */
function valueAt(column: StringColumn, i: number): string | null {
  if (column.nulls[i] === 1) return null;
  return column.joined.slice(i === 0 ? 0 : (column.ends[i - 1] as number), column.ends[i] as number);
}

export const pageOfLine = (lines: LineColumns, i: number): string =>
  lines.pageUids[lines.page[i] as number] as string;

export function reelOfLine(lines: LineColumns, i: number): string | null {
  const reel = lines.reel[i] as number;
  return reel < 0 ? null : (lines.reelUids[reel] as string);
}

/** Line i as a row of the line table. */
function lineRowAt(lines: LineColumns, i: number): LineTable {
  const seq = lines.reelSeq[i] as number;
  return {
    page_uid: pageOfLine(lines, i),
    line_no: lines.lineNo[i] as number,
    reel_uid: reelOfLine(lines, i),
    reel_seq: seq === NO_SEQ ? null : seq,
    ori_txt: valueAt(lines.texts.ori_txt, i) as string,
    uni_txt: valueAt(lines.texts.uni_txt, i) as string,
    std_txt: valueAt(lines.texts.std_txt, i) as string,
    sim_txt: valueAt(lines.texts.sim_txt, i) as string,
    para_offsets: valueAt(lines.paraOffsets, i),
  };
}

export const lineRows = (lines: LineColumns): LineTable[] =>
  Array.from({ length: lines.count }, (_, i) => lineRowAt(lines, i));

/** Writes the lines as COPY rows of LINE_COLUMNS. */
export async function copyLineRows(lines: LineColumns, rows: BinaryRows): Promise<void> {
  const { ori_txt, uni_txt, std_txt, sim_txt } = lines.texts;
  for (let i = 0; i < lines.count; i++) {
    const seq = lines.reelSeq[i] as number;
    rows.row(LINE_COLUMNS.length);
    rows.text(pageOfLine(lines, i));
    rows.int4(lines.lineNo[i] as number);
    rows.text(reelOfLine(lines, i));
    rows.int4(seq === NO_SEQ ? null : seq);
    rows.text(valueAt(ori_txt, i));
    rows.text(valueAt(uni_txt, i));
    rows.text(valueAt(std_txt, i));
    rows.text(valueAt(sim_txt, i));
    rows.text(valueAt(lines.paraOffsets, i));
    if (rows.full) await rows.flush();
  }
}
