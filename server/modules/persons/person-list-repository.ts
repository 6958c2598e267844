/**
 * The person search: persons by any of their names, their biography's title or their places
 * (person-matches.ts), and by dynasty, sorted and paged.
 */
import { type Kysely, sql } from "kysely";
import type { PERSON_SORT_KEYS, PersonSort } from "../../../contract/persons.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { holdsText } from "./person-matches.ts";

type Db = Kysely<Database>;
type PersonSortKey = (typeof PERSON_SORT_KEYS)[number];

export type PersonListFilter = {
  name?: string | undefined;
  dynasty?: string | undefined;
  source?: "biography" | undefined;
  sort: PersonSort;
};

export const PERSON_LIST_COLUMNS = [
  "person.id",
  "person.authority_id",
  "person.sna_id",
  "person.name_trad",
  "person.name_sim",
  "person.dynasty",
  "person.birth_year",
  "person.death_year",
  "person.teacher_count",
  "person.student_count",
  "person.mention_count",
  "biography.title_trad as biography_title",
] as const;

/** `dynasties` (space-separated, as the SNA writes "明 清") holds `dynasty` as one of its words. */
function holdsDynasty(column: "person.dynasty" | "person.dynasty_sim", dynasty: string) {
  const pattern = `% ${dynasty.replace(/[\\%_]/g, (c) => `\\${c}`)} %`;
  return sql<boolean>`(' ' || ${sql.ref(column)} || ' ') like ${pattern} escape '\\'`;
}

/** Unknown years last whichever the direction, alike on both databases. */
const unknownLast = (column: "person.birth_year" | "person.death_year") =>
  sql<number>`case when ${sql.ref(column)} is null then 1 else 0 end`;

export async function listPersons(db: Db, filter: PersonListFilter, page: PageRequest) {
  let query = db.selectFrom("person").leftJoin("biography", "biography.id", "person.biography_id");
  const { name, dynasty, source } = filter;
  if (name) query = query.where((eb) => holdsText(eb, name));
  if (dynasty)
    query = query.where((eb) =>
      eb.or([holdsDynasty("person.dynasty", dynasty), holdsDynasty("person.dynasty_sim", dynasty)]),
    );
  if (source === "biography") query = query.where("person.biography_id", "is not", null);

  const descending = filter.sort.startsWith("-");
  const direction = descending ? "desc" : "asc";
  const key = (descending ? filter.sort.slice(1) : filter.sort) as PersonSortKey;
  return countedPage(query, page, (filtered) => {
    let ordered = filtered.select(PERSON_LIST_COLUMNS);
    if (key === "birth_year" || key === "death_year")
      ordered = ordered.orderBy(unknownLast(`person.${key}`)).orderBy(`person.${key}`, direction);
    else if (key === "name") ordered = ordered.orderBy("person.name_trad", direction);
    else {
      const other = key === "student_count" ? "person.mention_count" : "person.student_count";
      ordered = ordered.orderBy(`person.${key}`, direction).orderBy(other, direction);
    }
    return ordered.orderBy("person.id");
  });
}
