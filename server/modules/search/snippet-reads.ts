/**
 * The snippets of a page of search results, cut from the reels' stored text in the requested text
 * type (contract/search-snippets.ts) while reading as few of their lines as the index allows.
 */
import { type Kysely, sql } from "kysely";
import type { Snippet } from "../../../contract/search.ts";
import type { KeywordPlan } from "../../../contract/search-keyword.ts";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import type { Match as CatalogueMatch } from "../../../contract/search-results.ts";
import { buildSnippets, LINE_BREAK } from "../../../contract/search-snippets.ts";
import type { SearchFolding } from "../../../contract/search-tokenizer.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { ReelEntry, SutraEntry } from "./catalogue.ts";
import { storedLineSizes } from "./line-chars.ts";
import { columnOf } from "./query-plan.ts";
import type { PhraseCounts } from "./search-index.ts";
import { type WindowedReel, windowedSnippets, windowRuns } from "./snippet-windows.ts";

type Match = CatalogueMatch<ReelEntry, SutraEntry>;

export type SnippetDeps = { db: () => Kysely<Database>; dialect: Dialect };

/** What the search found out that the snippets use. */
export type SnippetSource = {
  plan: KeywordPlan;
  folding: SearchFolding;
  /** Where the reels' hits are, as far as the index tells. */
  counted: PhraseCounts;
};

/** Which lines of a reel to read: those after its first `after`, `lines` of them or to the end (null). */
type LinesWanted = { reelUid: string; after: number; lines: number | null };

/** The most lines a reel may hold: a read of this many takes them all. */
const ALL_LINES = 2_147_483_647;

/** Lines of a reel in one text type, joined by LINE_BREAK, and how many were read. */
type LinesRead = { text: string; count: number };

/**
 * The stored text of reels in one text type: of each reel the lines `wanted` says. Line ids are
 * not read: the snippets ask for theirs (cidsOf).
 */
async function readLines(
  db: Kysely<Database>,
  dialect: Dialect,
  wanted: LinesWanted[],
  txtType: TxtType,
): Promise<LinesRead[]> {
  const column = sql.ref(txtType);
  // One read of the (reel_uid, reel_seq) index per reel; SQLite's aggregate takes the lines in the
  // index's order, so nothing is sorted. PostgreSQL runs the reads side by side on its pool.
  const joined =
    dialect === "sqlite"
      ? sql<string>`group_concat(${column}, ${LINE_BREAK})`
      : sql<string>`string_agg(${column}, ${LINE_BREAK} ORDER BY reel_seq)`;
  const rows = await Promise.all(
    wanted.map((w) => {
      const last = w.lines === null ? ALL_LINES : w.after + w.lines;
      return sql<{ text: string | null; count: number }>`
        SELECT ${joined} AS text, count(*) AS count FROM line
        WHERE reel_uid = ${w.reelUid} AND reel_seq > ${w.after} AND reel_seq <= ${last}`.execute(db);
    }),
  );
  return rows.map((r) => ({ text: r.rows[0]?.text ?? "", count: Number(r.rows[0]?.count ?? 0) }));
}

/** The line ids of the given lines (from 0, in reel order) of reels. */
async function cidsOf(db: Kysely<Database>, lines: { reelUid: string; line: number }[]) {
  const cids = new Map<string, string>();
  for (let i = 0; i < lines.length; i += 200) {
    const batch = lines.slice(i, i + 200);
    const rows = await db
      .selectFrom("line")
      .select(["reel_uid", "reel_seq", "page_uid", "line_no"])
      .where((eb) =>
        eb.or(batch.map((l) => eb.and([eb("reel_uid", "=", l.reelUid), eb("reel_seq", "=", l.line + 1)]))),
      )
      .execute();
    for (const row of rows)
      cids.set(`${row.reel_uid}:${Number(row.reel_seq) - 1}`, `${row.page_uid}.${row.line_no}`);
  }
  return cids;
}

/** The fewest and the most lines read first of a reel. */
const MIN_FIRST_LINES = 40;
const MAX_FIRST_LINES = 160;
/** Room left after the last snippet of a partly read reel, so no hit it holds can be cut off. */
const SETTLED_MARGIN = 200;

/** Lines to read next of a reel, given how many are read: the rest (null) once that is most of it. */
function nextRead(lineCount: number, read: number, lines: number): number | null {
  return read + lines * 2 >= lineCount ? null : lines;
}

/**
 * A reel being read for its snippets: the lines before its first hit that are skipped, its text
 * read so far (lines after those) and the lines the next read takes.
 */
type Reading = {
  match: Match;
  from: number;
  text: string;
  read: number;
  next: number | null;
};

/**
 * What the index tells of where each reel's snippets are: its windows (snippet-windows.ts), or the
 * line to read it from, that of its first hit's snippet context (one line before, for a text type
 * whose lines differ slightly from the indexed form's). The reels' line sizes come with the
 * search's catalogue.
 */
function locate(
  page: Match[],
  counted: PhraseCounts,
  margin: 0 | 1,
): { windowed: WindowedReel[]; from: Map<number, number> } {
  const windowed: WindowedReel[] = [];
  const from = new Map<number, number>();
  for (const match of page) {
    const first = counted.firstAt(match.reel.number);
    const stored = match.reel.lineChars;
    if (first === undefined || !stored) continue;
    const lines = storedLineSizes(stored);
    const windows = counted.windows(match.reel.number);
    if (windows && windows.length > 0)
      windowed.push({
        reelUid: match.reel.reelUid,
        hits: match.hits,
        lineCount: lines.count,
        runs: windowRuns(lines, windows, margin),
      });
    from.set(match.reel.id, Math.max(0, lines.lineAt(first - SNIPPET_CONTEXT) - 1));
  }
  return { windowed, from };
}

/**
 * The page's snippets. A reel whose snippet windows the index told is read in those windows
 * (snippet-windows.ts). Any other reel is read from the line of its first hit where the index
 * tells it, from its start otherwise: first as many lines as would hold twice the snippets shown,
 * were its hits spread evenly (within bounds), then twice as many as are read so far, and so on
 * until its snippets are settled or the reel ends; its snippets' line ids are read last, for their
 * lines alone.
 */
export async function snippetsOf(
  deps: SnippetDeps,
  page: Match[],
  txtType: TxtType,
  source: SnippetSource,
): Promise<Map<string, Snippet[]>> {
  const { plan, folding } = source;
  // The reels' line sizes count std's searchable chars (index-writer.ts).
  const inCountedForm = columnOf(plan) === "std" && txtType === "std_txt";
  const located = locate(page, source.counted, inCountedForm ? 0 : 1);
  const out = await windowedSnippets(deps.db(), deps.dialect, located.windowed, txtType, plan, folding);
  const built = new Map<string, ReturnType<typeof buildSnippets>>();
  const linesLeft = (r: Reading) => Math.max(1, r.match.reel.lineCount - r.from);
  let reading: Reading[] = page
    .filter((match) => !out.has(match.reel.reelUid))
    .map((match) => {
      const r: Reading = { match, from: located.from.get(match.reel.id) ?? 0, text: "", read: 0, next: null };
      const spread = Math.ceil((2 * SNIPPETS_PER_REEL * linesLeft(r)) / match.hits);
      r.next = nextRead(linesLeft(r), 0, Math.min(MAX_FIRST_LINES, Math.max(MIN_FIRST_LINES, spread)));
      return r;
    });
  while (reading.length > 0) {
    const wanted = reading.map((r) => ({
      reelUid: r.match.reel.reelUid,
      after: r.from + r.read,
      lines: r.next,
    }));
    const parts = await readLines(deps.db(), deps.dialect, wanted, txtType);
    const unsettled: Reading[] = [];
    reading.forEach((r, i) => {
      const part = parts[i] as LinesRead;
      if (part.count > 0) r.text = r.read === 0 ? part.text : `${r.text}${LINE_BREAK}${part.text}`;
      r.read += part.count;
      const made = buildSnippets({ text: r.text, cids: [] }, plan, folding);
      const ended = r.next === null || part.count < r.next;
      // Settled: every snippet shown, or every hit the index counted in the reel, is found, and
      // the last snippet is not cut off by the end of what is read.
      const settled =
        (made.snippets.length === SNIPPETS_PER_REEL || made.hits >= r.match.hits) &&
        made.end + SETTLED_MARGIN <= r.text.length;
      if (ended || settled)
        built.set(r.match.reel.reelUid, { ...made, lines: made.lines.map((line) => r.from + line) });
      else {
        r.next = nextRead(linesLeft(r), r.read, Math.max(MIN_FIRST_LINES, r.read * 2));
        unsettled.push(r);
      }
    });
    reading = unsettled;
  }

  const cids = await cidsOf(
    deps.db(),
    [...built].flatMap(([reelUid, made]) => made.lines.map((line) => ({ reelUid, line }))),
  );
  for (const [reelUid, made] of built) {
    out.set(
      reelUid,
      made.snippets.map((snippet, i) => ({ ...snippet, cid: cids.get(`${reelUid}:${made.lines[i]}`) ?? "" })),
    );
  }
  return out;
}
