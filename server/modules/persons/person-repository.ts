/** Reads of one person: the record, names, biography, mentions, places, dates, relations, works. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { PERSON_LIST_COLUMNS } from "./person-list-repository.ts";

type Db = Kysely<Database>;

export const SUMMARY_COLUMNS = [
  "person.id",
  "person.name_trad",
  "person.name_sim",
  "person.dynasty",
  "person.birth_year",
  "person.death_year",
] as const;

/** Persons named together with another in the biographies' nexus points, at most this many. */
const ASSOCIATES_MAX = 30;

export async function findPerson(db: Db, id: string) {
  const row = await db
    .selectFrom("person")
    .leftJoin("biography", "biography.id", "person.biography_id")
    .select([...PERSON_LIST_COLUMNS, "person.gender_code", "person.biography_id"])
    .where("person.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export function personNames(db: Db, id: string) {
  return db
    .selectFrom("person_name")
    .select(["name_trad", "name_sim", "uses"])
    .where("person_id", "=", id)
    .orderBy("sn")
    .execute();
}

export async function biographyWithParagraphs(db: Db, biographyId: string) {
  const biography = await db
    .selectFrom("biography")
    .select(["id", "collection_title", "title_trad", "page_uid", "line_no"])
    .where("id", "=", biographyId)
    .executeTakeFirstOrThrow();
  const paragraphs = await db
    .selectFrom("biography_paragraph")
    .select(["sn", "page_uid", "line_no", "last_page_uid", "last_line_no", "pieces"])
    .where("biography_id", "=", biographyId)
    .orderBy("sn")
    .execute();
  return { biography, paragraphs };
}

/** Biographies other than the person's own that mention the person, in the collections' order. */
export function personMentions(db: Db, id: string, ownBiographyId: string | null) {
  let query = db
    .selectFrom("person_mention")
    .innerJoin("biography", "biography.id", "person_mention.biography_id")
    .select([
      "biography.id as biography_id",
      "biography.title_trad",
      "biography.subject_id",
      "person_mention.uses",
      "person_mention.page_uid",
      "person_mention.line_no",
    ])
    .where("person_mention.person_id", "=", id);
  if (ownBiographyId !== null) query = query.where("biography.id", "<>", ownBiographyId);
  return query.orderBy("biography.sn").execute();
}

export function personPlaces(db: Db, id: string) {
  return db
    .selectFrom("person_place")
    .innerJoin("place", "place.id", "person_place.place_id")
    .innerJoin("biography", "biography.id", "person_place.biography_id")
    .select([
      "place.id",
      "place.name_trad",
      "place.name_sim",
      "person_place.uses",
      "person_place.page_uid",
      "person_place.line_no",
    ])
    .where("person_place.person_id", "=", id)
    .orderBy("biography.sn")
    .orderBy("person_place.page_uid")
    .orderBy("person_place.line_no")
    .orderBy("place.id")
    .execute();
}

export function personDates(db: Db, id: string) {
  return db
    .selectFrom("person_date")
    .innerJoin("biography_date", "biography_date.key", "person_date.date_key")
    .innerJoin("biography", "biography.id", "person_date.biography_id")
    .select([
      "biography_date.key",
      "biography_date.label_trad",
      "biography_date.from_iso",
      "biography_date.to_iso",
      "person_date.page_uid",
      "person_date.line_no",
    ])
    .where("person_date.person_id", "=", id)
    .orderBy("biography.sn")
    .orderBy("person_date.page_uid")
    .orderBy("person_date.line_no")
    .orderBy("biography_date.key")
    .execute();
}

/** The person's teachers (`role` student: the person is the target) or students. */
export function teacherRelations(db: Db, id: string, side: "teachers" | "students") {
  const [own, other] =
    side === "teachers"
      ? (["person_relation.target_id", "person_relation.source_id"] as const)
      : (["person_relation.source_id", "person_relation.target_id"] as const);
  return db
    .selectFrom("person_relation")
    .innerJoin("person", "person.id", other)
    .select([
      ...SUMMARY_COLUMNS,
      "person_relation.ref",
      "person_relation.ref_page_uid",
      "person_relation.ref_line_no",
    ])
    .where(own, "=", id)
    .where("person_relation.kind", "=", "teacher_of")
    .orderBy("person.name_trad")
    .orderBy("person.id")
    .execute();
}

export async function personAssociates(db: Db, id: string) {
  const edges = await db
    .selectFrom("person_relation")
    .select(["source_id", "target_id"])
    .where("kind", "=", "co_occurrence")
    .where((eb) => eb.or([eb("source_id", "=", id), eb("target_id", "=", id)]))
    .execute();
  const uses = new Map<string, number>();
  for (const edge of edges) {
    const other = edge.source_id === id ? edge.target_id : edge.source_id;
    uses.set(other, (uses.get(other) ?? 0) + 1);
  }
  const top = [...uses]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, ASSOCIATES_MAX)
    .map(([other]) => other);
  if (top.length === 0) return [];
  const rows = await db.selectFrom("person").select(SUMMARY_COLUMNS).where("person.id", "in", top).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return top.flatMap((other) => {
    const row = byId.get(other);
    return row ? [{ ...row, uses: uses.get(other) ?? 0 }] : [];
  });
}

/** Works whose catalogue entry names the authority id as a contributor, with their first reel. */
export async function personWorks(db: Db, authorityId: string) {
  const sutras = await db
    .selectFrom("author")
    .innerJoin("sutra_author", "sutra_author.author_id", "author.id")
    .innerJoin("sutra", "sutra.uid", "sutra_author.sutra_uid")
    .select(["sutra.uid", "sutra.name_trad", "sutra.name_sim", "sutra.sn"])
    .where("author.authority_id", "=", authorityId)
    .orderBy("sutra.tripitaka_uid")
    .orderBy("sutra.sn")
    .execute();
  if (sutras.length === 0) return [];
  const reels = await db
    .selectFrom("reel")
    .select(["sutra_uid", "uid", "reel_no"])
    .where(
      "sutra_uid",
      "in",
      sutras.map((s) => s.uid),
    )
    .orderBy("reel_no")
    .execute();
  const first = new Map<string, string>();
  for (const reel of reels) if (!first.has(reel.sutra_uid)) first.set(reel.sutra_uid, reel.uid);
  return sutras.map((s) => ({ ...s, first_reel_uid: first.get(s.uid) ?? null }));
}

/** The reel of each line, for lines of the library (page uid and line number). */
export async function reelsOfLines(
  db: Db,
  lines: readonly { page_uid: string; line_no: number }[],
): Promise<Map<string, string | null>> {
  const pages = [...new Set(lines.map((line) => line.page_uid))];
  const found = new Map<string, string | null>();
  for (let i = 0; i < pages.length; i += 500) {
    const rows = await db
      .selectFrom("line")
      .select(["page_uid", "line_no", "reel_uid"])
      .where("page_uid", "in", pages.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(`${row.page_uid}.${row.line_no}`, row.reel_uid);
  }
  return found;
}

/** Catalogue authors whose authority id is a person's. */
export function authorLinks(db: Db) {
  return db
    .selectFrom("author")
    .innerJoin("person", "person.authority_id", "author.authority_id")
    .select(["author.id as author_id", "person.id as person_id"])
    .orderBy("author.id")
    .execute();
}
