/** How a person is written on the people screens: the name in the reading script, the years. */
import type { I18n } from "@lingui/core";
import type { PersonSummary } from "../../../contract/persons.ts";
import { tr } from "../../i18n/translate.ts";
import type { Script } from "../../ui/names.ts";
import { peopleText as t } from "./text.ts";

export const personName = (person: Pick<PersonSummary, "name" | "name_sim">, script: Script): string =>
  script === "sim" ? person.name_sim : person.name;

/** "344–413", "?–413"; empty when neither year is known. */
export function personYears(i18n: I18n, person: Pick<PersonSummary, "birth_year" | "death_year">): string {
  if (person.birth_year === null && person.death_year === null) return "";
  const year = (value: number | null) => (value === null ? i18n._(t.unknownYear) : String(value));
  return tr(i18n, t.yearRange, { birth: year(person.birth_year), death: year(person.death_year) });
}

/** The reel reader at a line: `/scroll/{reel}?cid={line}`. */
export const lineHref = (reelUid: string, lineId: string): string =>
  `/scroll/${encodeURIComponent(reelUid)}?${new URLSearchParams({ cid: lineId })}`;

/** A person's page. */
export const personHref = (personId: string): string => `/person/${encodeURIComponent(personId)}`;

/** An ISO date of the biographies ("+0410-02-21") as written for a reader ("410-02-21"). */
export const isoDay = (iso: string): string => iso.replace(/^\+0*/, "").replace(/^-0*/, "-");
