/**
 * Snippets of the reels whose snippet windows the index told (for one phrase): only the lines
 * those windows lie in are read, with their line ids, and each run of adjacent lines is cut as a
 * text of its own. No hit lies between two windows, and a window's context lies within its lines
 * (with one more line either side unless the text read is the form the reel's line sizes and
 * places were counted in, std_txt: another's lines may differ slightly), so the snippets are
 * those cut from the whole reel. A reel whose runs do not settle its snippets
 * (fewer than shown and not every hit the index counted) is handed back to be read whole.
 */
import { type Kysely, sql } from "kysely";
import type { Snippet } from "../../../contract/search.ts";
import type { KeywordPlan } from "../../../contract/search-keyword.ts";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import { buildSnippets, LINE_BREAK } from "../../../contract/search-snippets.ts";
import type { SearchFolding } from "../../../contract/search-tokenizer.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { LineSizes } from "./line-chars.ts";
import type { SnippetWindow } from "./search-index.ts";

/** Lines of a reel from `first` to `last` (from 0, both read). */
export type LineRun = { first: number; last: number };

/**
 * The runs of lines a reel's windows need: each window's lines, from the line of the char
 * SNIPPET_CONTEXT before its first hit to the line of its end, `margin` more lines either side;
 * runs that touch are joined. In the form the line sizes count, no margin is needed: a snippet
 * counts SNIPPET_CONTEXT chars of text, punctuation and line breaks included, so its context holds
 * no more searchable chars than the window's.
 */
export function windowRuns(lines: LineSizes, windows: readonly SnippetWindow[], margin: 0 | 1): LineRun[] {
  const lastLine = lines.count - 1;
  const runs: LineRun[] = [];
  for (const window of windows) {
    const first = Math.max(0, lines.lineAt(window.firstHit - SNIPPET_CONTEXT) - margin);
    const last = Math.min(lastLine, lines.lineAt(window.end) + margin);
    const previous = runs.at(-1);
    if (previous && first <= previous.last + 1) previous.last = Math.max(previous.last, last);
    else runs.push({ first, last });
  }
  return runs;
}

type RunLine = { seq: number; text: string; cid: string };

/**
 * The lines of every reel's runs with their line ids, in one query: a list of runs, each read as
 * a range of the (reel_uid, reel_seq) index. Blank lines (a preface's empty pages run to hundreds)
 * are not read: a reel's lines are numbered without gaps, so a line of a run not read is blank.
 */
async function readRuns(
  db: Kysely<Database>,
  dialect: Dialect,
  reels: readonly WindowedReel[],
  txtType: TxtType,
): Promise<Map<string, RunLine[]>> {
  const wanted = reels.flatMap((reel) => reel.runs.map((run) => [reel.reelUid, run.first + 1, run.last + 1]));
  type Row = { reel_uid: string; reel_seq: number; text: string; page_uid: string; line_no: number };
  const text = sql.ref(`line.${txtType}`);
  const columns = sql`line.reel_uid, line.reel_seq, ${text} AS text, line.page_uid, line.line_no`;
  // CROSS JOIN keeps the list as the outer loop, so each run is one range of the index.
  const rows =
    dialect === "sqlite"
      ? await sql<Row>`
          SELECT ${columns}
          FROM json_each(${JSON.stringify(wanted)}) AS run
          CROSS JOIN line ON line.reel_uid = run.value ->> 0
            AND line.reel_seq BETWEEN run.value ->> 1 AND run.value ->> 2
          WHERE ${text} <> ''`.execute(db)
      : await sql<Row>`
          SELECT ${columns}
          FROM unnest(${wanted.map((w) => w[0])}::text[], ${wanted.map((w) => w[1])}::integer[],
            ${wanted.map((w) => w[2])}::integer[]) AS run(reel_uid, first_seq, last_seq)
          JOIN line ON line.reel_uid = run.reel_uid
            AND line.reel_seq BETWEEN run.first_seq AND run.last_seq
          WHERE ${text} <> ''`.execute(db);
  const read = new Map<string, Map<number, RunLine>>(reels.map((reel) => [reel.reelUid, new Map()]));
  for (const row of rows.rows) {
    read.get(row.reel_uid)?.set(row.reel_seq, {
      seq: row.reel_seq,
      text: row.text,
      cid: `${row.page_uid}.${row.line_no}`,
    });
  }
  // No hit lies on a blank line, so no snippet takes its line id.
  const lines = new Map<string, RunLine[]>();
  for (const reel of reels) {
    const ofReel = read.get(reel.reelUid) as Map<number, RunLine>;
    const list: RunLine[] = [];
    for (const run of reel.runs)
      for (let seq = run.first + 1; seq <= run.last + 1; seq++)
        list.push(ofReel.get(seq) ?? { seq, text: "", cid: "" });
    lines.set(reel.reelUid, list);
  }
  return lines;
}

/** Lines in runs of consecutive line numbers. */
function consecutive(lines: readonly RunLine[]): RunLine[][] {
  const runs: RunLine[][] = [];
  for (const line of lines) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && line.seq === last.seq + 1) run.push(line);
    else runs.push([line]);
  }
  return runs;
}

export type WindowedReel = {
  reelUid: string;
  /** Hits the index counted in the reel. */
  hits: number;
  /** Lines the reel holds. */
  lineCount: number;
  runs: LineRun[];
};

/** A reel's snippets cut from its runs' lines, or null when they do not settle them. */
function snippetsOfRuns(
  reel: WindowedReel,
  lines: readonly RunLine[],
  plan: KeywordPlan,
  folding: SearchFolding,
): Snippet[] | null {
  const snippets: Snippet[] = [];
  let hits = 0;
  for (const run of consecutive(lines)) {
    if (snippets.length === SNIPPETS_PER_REEL) break;
    const text = run.map((line) => line.text).join(LINE_BREAK);
    const cids = run.map((line) => line.cid);
    const made = buildSnippets({ text, cids }, plan, folding, SNIPPETS_PER_REEL - snippets.length);
    const endsReel = (run.at(-1)?.seq ?? 0) >= reel.lineCount;
    // A window cut off by the end of its run would lose context a whole reel gives it.
    if (made.snippets.length > 0 && made.end >= text.length && !endsReel) return null;
    snippets.push(...made.snippets);
    hits += made.hits;
  }
  return snippets.length === SNIPPETS_PER_REEL || hits >= reel.hits ? snippets : null;
}

/** Snippets of each reel by its reel uid; a reel left out is to be read from its first hit on. */
export async function windowedSnippets(
  db: Kysely<Database>,
  dialect: Dialect,
  reels: readonly WindowedReel[],
  txtType: TxtType,
  plan: KeywordPlan,
  folding: SearchFolding,
): Promise<Map<string, Snippet[]>> {
  const settled = new Map<string, Snippet[]>();
  if (reels.length === 0) return settled;
  const lines = await readRuns(db, dialect, reels, txtType);
  for (const reel of reels) {
    const snippets = snippetsOfRuns(reel, lines.get(reel.reelUid) ?? [], plan, folding);
    if (snippets) settled.set(reel.reelUid, snippets);
  }
  return settled;
}
