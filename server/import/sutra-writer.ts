/**
 * Writes one prepared sutra in one transaction: the rows of its previous import go, the new ones
 * come in, and the pages it shares with other sutras keep their other reels.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { TextFormConverter } from "../../contract/text-forms.ts";
import { type ArrayColumn, arrayInsert, bulkInsert, insertMany } from "../db/bulk-insert.ts";
import type { Dialect } from "../db/connect.ts";
import { copyBinary } from "../db/pg-copy.ts";
import type { Database, LineTable, MuluTable, PageTable } from "../db/schema.ts";
import { indexSutra } from "../modules/search/index-writer.ts";
import { insertApparatus, removeApparatus } from "./apparatus-writer.ts";
import type { LinePlan } from "./first-import.ts";
import {
  copyLineRows,
  LINE_COLUMNS,
  type LineColumns,
  lineRows,
  pageOfLine,
  reelOfLine,
  type SutraToWrite,
} from "./line-rows.ts";

type Trx = Transaction<Database>;

/** Rows per INSERT: under SQLite's limit of 32,766 bound values for the widest table. */
const BATCH_ROWS = 1000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) await insert(rows.slice(i, i + BATCH_ROWS));
}

const parseList = (json: string): string[] => JSON.parse(json) as string[];
const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])].sort();

/**
 * The ids of the sutra's category and dynasty (null for none), looked up in one statement; a name
 * not there yet is added.
 */
async function categoryAndDynastyIds(
  trx: Trx,
  names: { category: string | null; dynasty: string | null },
  simplify: (text: string) => string,
): Promise<{ category: number | null; dynasty: number | null }> {
  const ids = { category: null as number | null, dynasty: null as number | null };
  if (names.category === null && names.dynasty === null) return ids;
  const found = await sql<{ kind: "category" | "dynasty"; id: number }>`
    SELECT 'category' AS kind, id FROM category WHERE name_trad = ${names.category}
    UNION ALL
    SELECT 'dynasty' AS kind, id FROM dynasty WHERE name_trad = ${names.dynasty}`.execute(trx);
  for (const row of found.rows) ids[row.kind] ??= row.id;
  for (const table of ["category", "dynasty"] as const) {
    const name = names[table];
    if (name === null || ids[table] !== null) continue;
    const inserted = await trx
      .insertInto(table)
      .values({ name_trad: name, name_sim: simplify(name) })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[table] = inserted.id;
  }
  return ids;
}

/**
 * The sutra's authors, each name once (the first one's authority id), added to the author table
 * where it lacks them, in the order met: a select, at most one insert and one insert of the links.
 */
async function insertSutraAuthors(trx: Trx, sutra: SutraToWrite, simplify: (text: string) => string) {
  const firstOfName = new Map<string, SutraToWrite["authors"][number]>();
  for (const author of sutra.authors) if (!firstOfName.has(author.name)) firstOfName.set(author.name, author);
  if (firstOfName.size === 0) return;
  const names = [...firstOfName.keys()];
  const idOfName = new Map(
    (
      await trx.selectFrom("author").select(["id", "name_trad"]).where("name_trad", "in", names).execute()
    ).map((row) => [row.name_trad, row.id]),
  );
  const missing = names.filter((name) => !idOfName.has(name));
  if (missing.length > 0) {
    const inserted = await trx
      .insertInto("author")
      .values(
        missing.map((name) => ({
          name_trad: name,
          name_sim: simplify(name),
          authority_id: firstOfName.get(name)?.authorityId ?? null,
        })),
      )
      .returning(["id", "name_trad"])
      .execute();
    for (const row of inserted) idOfName.set(row.name_trad, row.id);
  }
  const links = new Map<number, number>();
  sutra.authors.forEach((author, sn) => {
    const id = idOfName.get(author.name) as number;
    if (!links.has(id)) links.set(id, sn);
  });
  await trx
    .insertInto("sutra_author")
    .values([...links].map(([author_id, sn]) => ({ sutra_uid: sutra.uid, author_id, sn })))
    .execute();
}

async function removePrevious(trx: Trx, sutraUid: string): Promise<void> {
  await removeApparatus(trx, sutraUid);
  const reelUids = trx.selectFrom("reel").select("uid").where("sutra_uid", "=", sutraUid);
  await trx.deleteFrom("line").where("reel_uid", "in", reelUids).execute();
  await trx.deleteFrom("mulu").where("sutra_uid", "=", sutraUid).execute();
  await trx.deleteFrom("sutra_author").where("sutra_uid", "=", sutraUid).execute();
  await trx.deleteFrom("reel").where("sutra_uid", "=", sutraUid).execute();
  await trx.deleteFrom("sutra").where("uid", "=", sutraUid).execute();
}

const PAGE_COLUMNS: readonly ArrayColumn<PageRow>[] = [
  { name: "uid", type: "text" },
  { name: "tripitaka_uid", type: "text" },
  { name: "book_uid", type: "text" },
  { name: "sn", type: "integer" },
  { name: "ouid", type: "text" },
  { name: "reel_uids", type: "text" },
  { name: "sutra_uids", type: "text" },
  { name: "line_count", type: "integer" },
  { name: "updated_at", type: "bigint" },
];
const PAGE_CONFLICT = `on conflict (uid) do update set reel_uids = excluded.reel_uids,
  sutra_uids = excluded.sutra_uids, line_count = excluded.line_count, updated_at = excluded.updated_at`;

type PageRow = Pick<
  PageTable,
  | "uid"
  | "tripitaka_uid"
  | "book_uid"
  | "sn"
  | "ouid"
  | "reel_uids"
  | "sutra_uids"
  | "line_count"
  | "updated_at"
>;

const MULU_COLUMNS: readonly ArrayColumn<MuluTable>[] = [
  { name: "sutra_uid", type: "text" },
  { name: "sn", type: "integer" },
  { name: "parent_sn", type: "integer" },
  { name: "level", type: "integer" },
  { name: "type", type: "text" },
  { name: "label_trad", type: "text" },
  { name: "label_sim", type: "text" },
  { name: "reel_uid", type: "text" },
  { name: "page_uid", type: "text" },
  { name: "line_no", type: "integer" },
];

async function upsertPages(trx: Trx, dialect: Dialect, sutra: SutraToWrite, now: number): Promise<void> {
  const uids = sutra.pages.map((p) => p.uid);
  const existing = new Map<string, { reel_uids: string; sutra_uids: string; line_count: number }>();
  for (let i = 0; i < uids.length; i += BATCH_ROWS) {
    const rows = await trx
      .selectFrom("page")
      .select(["uid", "reel_uids", "sutra_uids", "line_count"])
      .where("uid", "in", uids.slice(i, i + BATCH_ROWS))
      .execute();
    for (const row of rows) existing.set(row.uid, row);
  }
  const reelsOfPage = new Map<string, Set<string>>();
  const { lines } = sutra;
  for (let i = 0; i < lines.count; i++) {
    const pageUid = pageOfLine(lines, i);
    const set = reelsOfPage.get(pageUid) ?? new Set<string>();
    const reelUid = reelOfLine(lines, i);
    if (reelUid) set.add(reelUid);
    reelsOfPage.set(pageUid, set);
  }
  const ownReel = (uid: string) => uid.startsWith(`${sutra.uid}_`);
  const rows = sutra.pages.map((page): PageRow => {
    const before = existing.get(page.uid);
    const otherReels = before ? parseList(before.reel_uids).filter((r) => !ownReel(r)) : [];
    const otherSutras = before ? parseList(before.sutra_uids).filter((s) => s !== sutra.uid) : [];
    return {
      uid: page.uid,
      tripitaka_uid: sutra.tripitakaUid,
      book_uid: page.bookUid,
      sn: page.sn,
      ouid: page.ouid,
      reel_uids: JSON.stringify(union(otherReels, [...(reelsOfPage.get(page.uid) ?? [])])),
      sutra_uids: JSON.stringify(union(otherSutras, [sutra.uid])),
      line_count: Math.max(before?.line_count ?? 0, page.lineCount),
      updated_at: now,
    };
  });
  await insertMany<Database, PageRow>(trx, dialect, "page", PAGE_COLUMNS, rows, PAGE_CONFLICT);
}

const LINE_TYPES: Record<(typeof LINE_COLUMNS)[number], ArrayColumn<LineTable>["type"]> = {
  page_uid: "text",
  line_no: "integer",
  reel_uid: "text",
  reel_seq: "integer",
  ori_txt: "text",
  uni_txt: "text",
  std_txt: "text",
  sim_txt: "text",
  para_offsets: "text",
};
const LINE_ARRAY_COLUMNS: readonly ArrayColumn<LineTable>[] = LINE_COLUMNS.map((name) => ({
  name,
  type: LINE_TYPES[name],
}));

/**
 * The lines with one row per (page, line), as upserting them one after another would leave them:
 * a later row replaces an earlier one unless it is blank and the earlier one is not. PostgreSQL
 * refuses a statement that upserts one row twice.
 */
function lastOfEachLine(lines: readonly LineTable[]): LineTable[] {
  const byKey = new Map<string, LineTable>();
  for (const line of lines) {
    const key = `${line.page_uid}\u0000${line.line_no}`;
    const earlier = byKey.get(key);
    if (!earlier || line.ori_txt !== "" || earlier.ori_txt === "") byKey.set(key, line);
  }
  return byKey.size === lines.length ? [...lines] : [...byKey.values()];
}

const LINE_INSERT = { table: "line", columns: LINE_COLUMNS };

/** PostgreSQL: the lines as column arrays, upserted as the SQLite path below does. */
async function insertPostgresLines(trx: Trx, lines: LineTable[]): Promise<void> {
  await arrayInsert<Database, LineTable>(trx, "line", LINE_ARRAY_COLUMNS, lastOfEachLine(lines), {
    onConflict: `on conflict (page_uid, line_no) do update set
      reel_uid = excluded.reel_uid, reel_seq = excluded.reel_seq, ori_txt = excluded.ori_txt,
      uni_txt = excluded.uni_txt, std_txt = excluded.std_txt, sim_txt = excluded.sim_txt,
      para_offsets = excluded.para_offsets
      where excluded.ori_txt != '' or line.ori_txt = ''`,
  });
}

async function insertLines(
  trx: Trx,
  dialect: Dialect,
  lines: LineColumns,
  placesFree: boolean,
): Promise<void> {
  if (dialect === "postgres") {
    // Lines whose places hold no line go in by COPY.
    if (placesFree)
      await copyBinary<Database>(trx, "line", LINE_COLUMNS, (rows) => copyLineRows(lines, rows));
    else await insertPostgresLines(trx, lineRows(lines));
    return;
  }
  // Lines whose places hold no line go in by plain INSERTs, their text written once per size.
  if (placesFree) {
    await bulkInsert<Database, LineTable>(trx, dialect, LINE_INSERT, lineRows(lines), BATCH_ROWS);
    return;
  }
  await insertInBatches(lineRows(lines), (batch) =>
    trx
      .insertInto("line")
      .values(batch)
      .onConflict((oc) =>
        oc
          .columns(["page_uid", "line_no"])
          .doUpdateSet((eb) => ({
            reel_uid: eb.ref("excluded.reel_uid"),
            reel_seq: eb.ref("excluded.reel_seq"),
            ori_txt: eb.ref("excluded.ori_txt"),
            uni_txt: eb.ref("excluded.uni_txt"),
            std_txt: eb.ref("excluded.std_txt"),
            sim_txt: eb.ref("excluded.sim_txt"),
            para_offsets: eb.ref("excluded.para_offsets"),
          }))
          // A blank line that opens a file belongs in print to the previous work: keep its text.
          .where((eb) => eb.or([eb("excluded.ori_txt", "!=", ""), eb("line.ori_txt", "=", "")])),
      )
      .execute(),
  );
}

export async function writeSutra(
  db: Kysely<Database>,
  sutra: SutraToWrite,
  meta: {
    sourceFile: string;
    sourceHash: string;
    now: number;
    converter: TextFormConverter;
    dialect: Dialect;
    /** Rows read from the same text (its colophons), written in the sutra's transaction. */
    alongside?: (trx: Trx) => Promise<void>;
    /** False: the search index's postings are built after the import (index-writer.ts postingsLater). */
    searchPostings?: boolean;
    /** Whether the lines' places are free (first-import.ts); none: they are upserted and read back. */
    lines?: LinePlan;
    /** No row of the sutra is stored (no earlier import wrote it): nothing to remove first. */
    isNew?: boolean;
    /** Whether the search index's posting tables are there, when the caller knows. */
    postingsTables?: boolean;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (meta.isNew !== true) await removePrevious(trx, sutra.uid);
    const simplify = meta.converter.simplify;
    const ids = await categoryAndDynastyIds(
      trx,
      { category: sutra.category || null, dynasty: sutra.dynasty || null },
      simplify,
    );

    await trx
      .insertInto("sutra")
      .values({
        uid: sutra.uid,
        tripitaka_uid: sutra.tripitakaUid,
        work_id: sutra.workId,
        name_trad: sutra.nameTrad,
        name_sim: sutra.nameSim,
        byline: sutra.byline,
        source_title: sutra.sourceTitle,
        category_id: ids.category,
        dynasty_id: ids.dynasty,
        start_year: sutra.startYear,
        end_year: sutra.endYear,
        reel_count: sutra.reels.length,
        char_cnt: sutra.charCnt,
        source_file: meta.sourceFile,
        source_hash: meta.sourceHash,
        updated_at: meta.now,
        sn: sutra.sn,
      })
      .execute();

    await insertSutraAuthors(trx, sutra, simplify);

    await trx.insertInto("reel").values(sutra.reels).execute();
    await insertLines(trx, meta.dialect, sutra.lines, meta.lines?.placesFree === true);
    await upsertPages(trx, meta.dialect, sutra, meta.now);
    await insertMany<Database, MuluTable>(trx, meta.dialect, "mulu", MULU_COLUMNS, sutra.mulu);
    await insertApparatus(trx, meta.dialect, sutra.apparatus);
    await indexSutra(trx, meta.dialect, sutra.uid, {
      postings: meta.searchPostings !== false,
      texts: meta.lines?.reelTexts,
      isNew: meta.isNew === true,
      reels: {
        tripitakaUid: sutra.tripitakaUid,
        uids: [...sutra.reels].sort((a, b) => a.reel_no - b.reel_no).map((reel) => reel.uid),
      },
      ...(meta.postingsTables === undefined ? {} : { postingsTables: meta.postingsTables }),
    });
    await meta.alongside?.(trx);
  });
}
