/**
 * How a person is written on the people screens: the name in the reading script, the years, which
 * field held the name searched for, and the source a relation was read from.
 */
import type { I18n } from "@lingui/core";
import type { Script } from "../../../contract/names.ts";
import type { PersonHit, PersonSummary, RelationSource } from "../../../contract/persons.ts";
import { tr } from "../../i18n/translate.ts";
import { peopleText as t } from "./text.ts";

export const personName = (person: Pick<PersonSummary, "name" | "name_sim">, script: Script): string =>
  script === "sim" ? person.name_sim : person.name;

/** "344–413", "?–413"; empty when neither year is known. */
export function personYears(i18n: I18n, person: Pick<PersonSummary, "birth_year" | "death_year">): string {
  if (person.birth_year === null && person.death_year === null) return "";
  const year = (value: number | null) => (value === null ? i18n._(t.unknownYear) : String(value));
  return tr(i18n, t.yearRange, { birth: year(person.birth_year), death: year(person.death_year) });
}

/**
 * Where a relation was read from: the book and its juan (or the CBETA place cited when the juan
 * is not known), the biography in it and the words quoted; null when the ref names no book.
 */
export function relationSourceLabel(i18n: I18n, source: RelationSource | null): string | null {
  if (!source) return null;
  const { title, juan, cited_at: at } = source;
  let label =
    title === null
      ? (at ?? "")
      : juan !== null
        ? tr(i18n, t.sourceJuan, { title, juan })
        : at !== null
          ? tr(i18n, t.sourceAt, { title, at })
          : title;
  if (source.biography) label = tr(i18n, t.sourceBiography, { source: label, biography: source.biography });
  if (source.quote) label = tr(i18n, t.sourceQuote, { source: label, quote: source.quote });
  return label === "" ? null : label;
}

const MATCHED = { alias: t.matchedAlias, title: t.matchedTitle, place: t.matchedPlace } as const;

/** Which field of a search hit held the name searched for, unless it was the person's own name. */
export function matchedLabel(i18n: I18n, hit: Pick<PersonHit, "matched">, script: Script): string | null {
  const { matched } = hit;
  if (!matched || matched.field === "name") return null;
  return tr(i18n, MATCHED[matched.field], { text: script === "sim" ? matched.text_sim : matched.text });
}

/** The reel reader at a line: `/scroll/{reel}?cid={line}`. */
export const lineHref = (reelUid: string, lineId: string): string =>
  `/scroll/${encodeURIComponent(reelUid)}?${new URLSearchParams({ cid: lineId })}`;

/** A person's page. */
export const personHref = (personId: string): string => `/person/${encodeURIComponent(personId)}`;

/** An ISO date of the biographies ("+0410-02-21") as written for a reader ("410-02-21"). */
export const isoDay = (iso: string): string => iso.replace(/^\+0*/, "").replace(/^-0*/, "-");
