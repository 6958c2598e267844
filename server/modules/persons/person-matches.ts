/**
 * What the person search's name box looks in: any of a person's names, the title of their own
 * biography and the places the biographies tie to them; and, for the persons of one page, which of
 * these holds the text (contract/person-rules.ts PERSON_MATCH_FIELDS, first that holds it).
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { PersonMatchField } from "../../../contract/person-rules.ts";
import type { Database } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";

type Db = Kysely<Database>;

export type PersonMatch = { field: PersonMatchField; text: string; text_sim: string };

/** Persons whose names, own biography's title or places hold `text`. */
export function holdsText(eb: ExpressionBuilder<Database, "person">, text: string) {
  return eb.or([
    eb(
      "person.id",
      "in",
      eb
        .selectFrom("person_name")
        .select("person_name.person_id")
        .where((inner) =>
          inner.or([
            containsText(inner.ref("person_name.name_trad"), text),
            containsText(inner.ref("person_name.name_sim"), text),
          ]),
        ),
    ),
    eb(
      "person.biography_id",
      "in",
      eb
        .selectFrom("biography")
        .select("biography.id")
        .where((inner) =>
          inner.or([
            containsText(inner.ref("biography.title_trad"), text),
            containsText(inner.ref("biography.title_sim"), text),
          ]),
        ),
    ),
    eb(
      "person.id",
      "in",
      eb
        .selectFrom("person_place")
        .innerJoin("place", "place.id", "person_place.place_id")
        .select("person_place.person_id")
        .where((inner) =>
          inner.or([
            containsText(inner.ref("place.name_trad"), text),
            containsText(inner.ref("place.name_sim"), text),
          ]),
        ),
    ),
  ]);
}

/** For each of `ids`, the first field holding `text`: a name before a title before a place. */
export async function matchesOf(db: Db, ids: readonly string[], text: string) {
  const found = new Map<string, PersonMatch>();
  if (ids.length === 0) return found;
  const names = await db
    .selectFrom("person_name")
    .innerJoin("person", "person.id", "person_name.person_id")
    .select([
      "person_name.person_id",
      "person_name.name_trad",
      "person_name.name_sim",
      "person.name_trad as own_name",
    ])
    .where("person_name.person_id", "in", ids)
    .where((eb) =>
      eb.or([
        containsText(eb.ref("person_name.name_trad"), text),
        containsText(eb.ref("person_name.name_sim"), text),
      ]),
    )
    .orderBy("person_name.person_id")
    .orderBy("person_name.sn")
    .execute();
  for (const row of names) {
    const field = row.name_trad === row.own_name ? "name" : "alias";
    const known = found.get(row.person_id);
    if (!known || (known.field === "alias" && field === "name"))
      found.set(row.person_id, { field, text: row.name_trad, text_sim: row.name_sim });
  }

  const rest = () => ids.filter((id) => !found.has(id));
  if (rest().length > 0) {
    const titles = await db
      .selectFrom("person")
      .innerJoin("biography", "biography.id", "person.biography_id")
      .select(["person.id", "biography.title_trad", "biography.title_sim"])
      .where("person.id", "in", rest())
      .where((eb) =>
        eb.or([
          containsText(eb.ref("biography.title_trad"), text),
          containsText(eb.ref("biography.title_sim"), text),
        ]),
      )
      .execute();
    for (const row of titles)
      found.set(row.id, { field: "title", text: row.title_trad, text_sim: row.title_sim });
  }

  if (rest().length > 0) {
    const places = await db
      .selectFrom("person_place")
      .innerJoin("place", "place.id", "person_place.place_id")
      .select(["person_place.person_id", "place.name_trad", "place.name_sim"])
      .select((eb) => eb.fn.sum<number>("person_place.uses").as("uses"))
      .where("person_place.person_id", "in", rest())
      .where((eb) =>
        eb.or([containsText(eb.ref("place.name_trad"), text), containsText(eb.ref("place.name_sim"), text)]),
      )
      .groupBy(["person_place.person_id", "place.id", "place.name_trad", "place.name_sim"])
      .orderBy("person_place.person_id")
      .orderBy("uses", "desc")
      .orderBy("place.id")
      .execute();
    for (const row of places)
      if (!found.has(row.person_id))
        found.set(row.person_id, { field: "place", text: row.name_trad, text_sim: row.name_sim });
  }
  return found;
}
