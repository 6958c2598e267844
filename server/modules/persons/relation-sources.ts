/**
 * The sources of a person's relations as a reader names them (contract/persons.ts
 * RelationSource): each ref read (relation-ref.ts), its book titled from the ref itself, the
 * library's catalogue or the biography projects' works, its juan from the ref or from the reel
 * of the library holding the line it cites, and the library's biography it was read from.
 */
import type { Kysely } from "kysely";
import type { RelationSource } from "../../../contract/persons.ts";
import type { Database } from "../../db/schema.ts";
import { BIOGRAPHY_WORK_TITLES, citedAt, type ReadRef, readRelationRef } from "./relation-ref.ts";

type Db = Kysely<Database>;

type Cited = { ref: string; ref_reel_uid: string | null };

async function biographiesByFile(db: Db, files: readonly string[]) {
  const found = new Map<string, { title: string; collection: string }>();
  if (files.length === 0) return found;
  const collections = await db.selectFrom("biography").select("collection").distinct().execute();
  const paths = collections.flatMap(({ collection }) =>
    files.map((file) => `biographies/${collection}/${file}`),
  );
  const rows = await db
    .selectFrom("biography")
    .select(["file", "title_trad", "collection_title"])
    .where("file", "in", paths)
    .execute();
  for (const row of rows)
    found.set(row.file.slice(row.file.lastIndexOf("/") + 1), {
      title: row.title_trad,
      collection: row.collection_title,
    });
  return found;
}

async function reelsByUid(db: Db, uids: readonly string[]) {
  if (uids.length === 0) return new Map<string, { juan: number; title: string }>();
  const rows = await db
    .selectFrom("reel")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select(["reel.uid", "reel.reel_no", "sutra.name_trad"])
    .where("reel.uid", "in", uids)
    .execute();
  return new Map(rows.map((row) => [row.uid, { juan: row.reel_no, title: row.name_trad }]));
}

async function titlesByWork(db: Db, workIds: readonly string[]) {
  if (workIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("sutra")
    .select(["work_id", "name_trad"])
    .where("work_id", "in", workIds)
    .orderBy("sn")
    .execute();
  const titles = new Map<string, string>();
  for (const row of rows) if (!titles.has(row.work_id)) titles.set(row.work_id, row.name_trad);
  return titles;
}

const distinct = (values: readonly (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => typeof value === "string")),
];

/** The source of each relation's ref, keyed by the ref; null for a ref that names no book or place. */
export async function relationSources(
  db: Db,
  relations: readonly Cited[],
): Promise<Map<string, RelationSource | null>> {
  const read = new Map<string, ReadRef | null>();
  for (const { ref } of relations) if (!read.has(ref)) read.set(ref, readRelationRef(ref));
  const refs = [...read.values()].filter((value): value is ReadRef => value !== null);
  const [biographies, reels, titles] = await Promise.all([
    biographiesByFile(db, distinct(refs.map((ref) => ref.file))),
    reelsByUid(db, distinct(relations.map((relation) => relation.ref_reel_uid))),
    titlesByWork(db, distinct(refs.map((ref) => ref.work?.workId))),
  ]);

  const sources = new Map<string, RelationSource | null>();
  for (const { ref, ref_reel_uid } of relations) {
    if (sources.has(ref)) continue;
    const source = read.get(ref);
    if (!source) {
      sources.set(ref, null);
      continue;
    }
    const reel = ref_reel_uid ? reels.get(ref_reel_uid) : undefined;
    const biography = source.file ? biographies.get(source.file) : undefined;
    const workId = source.work?.workId ?? "";
    const title =
      source.title ??
      reel?.title ??
      titles.get(workId) ??
      BIOGRAPHY_WORK_TITLES[workId] ??
      biography?.collection ??
      null;
    // A place alone, with no book to name, reads no better than the ref itself.
    if (title === null && !source.file) {
      sources.set(ref, null);
      continue;
    }
    const juan = source.juan ?? reel?.juan ?? null;
    sources.set(ref, {
      title,
      juan,
      cited_at: juan === null && source.work ? citedAt(source.work) : null,
      biography: biography?.title ?? null,
      quote: source.quote,
    });
  }
  return sources;
}
