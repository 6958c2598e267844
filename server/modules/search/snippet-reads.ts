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
import { decodeLineChars, lineAt } from "./line-chars.ts";

type Match = CatalogueMatch<ReelEntry, SutraEntry>;

export type SnippetDeps = { db: () => Kysely<Database>; dialect: Dialect };

/** What the search found out that the snippets use. */
export type SnippetSource = {
  plan: KeywordPlan;
  folding: SearchFolding;
  /** A place at or before each reel's first hit, in searchable chars (PhraseCounts). */
  firstAt: Map<number, number>;
  /** Where each reel's snippets end, in searchable chars, where the index tells (PhraseCounts). */
  spanEnd: Map<number, number>;
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
 * read so far (lines after those), the lines the next read takes, and whether what is read holds
 * the text its snippets need, as the index told it.
 */
type Reading = {
  match: Match;
  from: number;
  text: string;
  read: number;
  next: number | null;
  spanned: boolean;
};

/** Where the first lines to read of a reel are, from what the index tells of its hits. */
type Located = { from: number; lines: number | null };

/**
 * Lines to read of each reel whose hits the index located: from the line of its first hit's
 * snippet context, and (given where its snippets end) to the line after theirs; one more line
 * before, for a text type whose lines differ slightly from the indexed form's.
 */
async function locate(
  deps: SnippetDeps,
  page: Match[],
  source: SnippetSource,
): Promise<Map<number, Located>> {
  const located = new Map<number, Located>();
  const ids = page.filter((m) => source.firstAt.has(m.reel.id)).map((m) => m.reel.id);
  if (ids.length === 0) return located;
  const rows = await deps
    .db()
    .selectFrom("search_reel")
    .select(["id", "line_chars"])
    .where("id", "in", ids)
    .execute();
  for (const row of rows) {
    if (!row.line_chars) continue;
    const id = Number(row.id);
    const lineChars = decodeLineChars(row.line_chars);
    const from = Math.max(0, lineAt(lineChars, (source.firstAt.get(id) as number) - SNIPPET_CONTEXT) - 1);
    const span = source.spanEnd.get(id);
    located.set(id, { from, lines: span === undefined ? null : lineAt(lineChars, span) + 2 - from });
  }
  return located;
}

/**
 * The page's snippets. A reel is read from the line of its first hit where the index tells it,
 * from its start otherwise; to the end of its snippets where the index tells that, or else first
 * as many lines as would hold twice the snippets shown, were its hits spread evenly (within
 * bounds), then twice as many as are read so far, and so on until its snippets are settled or the
 * reel ends. The snippets' line ids are read last, for their lines alone.
 */
export async function snippetsOf(
  deps: SnippetDeps,
  page: Match[],
  txtType: TxtType,
  source: SnippetSource,
): Promise<Map<string, Snippet[]>> {
  const { plan, folding } = source;
  const built = new Map<string, ReturnType<typeof buildSnippets>>();
  const located = await locate(deps, page, source);
  const linesLeft = (r: Reading) => Math.max(1, r.match.reel.lineCount - r.from);
  let reading: Reading[] = page.map((match) => {
    const where = located.get(match.reel.id);
    const r: Reading = { match, from: where?.from ?? 0, text: "", read: 0, next: null, spanned: false };
    if (where?.lines) {
      r.next = where.lines;
      r.spanned = true;
    } else {
      const spread = Math.ceil((2 * SNIPPETS_PER_REEL * linesLeft(r)) / match.hits);
      r.next = nextRead(linesLeft(r), 0, Math.min(MAX_FIRST_LINES, Math.max(MIN_FIRST_LINES, spread)));
    }
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
      const margin = r.spanned ? 1 : SETTLED_MARGIN;
      const settled =
        (made.snippets.length === SNIPPETS_PER_REEL || made.hits >= r.match.hits) &&
        made.end + margin <= r.text.length;
      if (ended || settled)
        built.set(r.match.reel.reelUid, { ...made, lines: made.lines.map((line) => r.from + line) });
      else {
        r.next = nextRead(linesLeft(r), r.read, Math.max(MIN_FIRST_LINES, r.read * 2));
        r.spanned = false;
        unsettled.push(r);
      }
    });
    reading = unsettled;
  }

  const cids = await cidsOf(
    deps.db(),
    [...built].flatMap(([reelUid, made]) => made.lines.map((line) => ({ reelUid, line }))),
  );
  const out = new Map<string, Snippet[]>();
  for (const [reelUid, made] of built) {
    out.set(
      reelUid,
      made.snippets.map((snippet, i) => ({ ...snippet, cid: cids.get(`${reelUid}:${made.lines[i]}`) ?? "" })),
    );
  }
  return out;
}
