/** The columns of the person search's table; the name links to the person's page. */
import type { I18n } from "@lingui/core";
import type { PersonListItem } from "../../../contract/persons.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import type { Script } from "../../ui/names.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { personName, personYears } from "./personDisplay.ts";
import type { PersonColumnId } from "./personSearch.ts";
import { peopleText as t } from "./text.ts";

type Column = DataColumn<PersonListItem> & { id: PersonColumnId };

export function personColumns(i18n: I18n, script: Script): Column[] {
  return [
    {
      id: "name",
      label: i18n._(t.name),
      sortKey: "name",
      render: (p) => (
        <RouterLink to="/person/$personId" params={{ personId: p.id }} data-person-link={p.id}>
          {personName(p, script)}
        </RouterLink>
      ),
    },
    { id: "dynasty", label: i18n._(t.dynasty), render: (p) => p.dynasty ?? "" },
    {
      id: "years",
      label: i18n._(t.years),
      sortKey: "birth_year",
      width: "120px",
      render: (p) => personYears(i18n, p),
    },
    { id: "biography", label: i18n._(t.biography), render: (p) => p.biography_title ?? "" },
    {
      id: "teachers",
      label: i18n._(t.teachers),
      numeric: true,
      width: "80px",
      render: (p) => p.teacher_count,
    },
    {
      id: "students",
      label: i18n._(t.students),
      sortKey: "student_count",
      numeric: true,
      width: "80px",
      render: (p) => p.student_count,
    },
    {
      id: "mentions",
      label: i18n._(t.mentions),
      sortKey: "mention_count",
      numeric: true,
      width: "120px",
      render: (p) => p.mention_count,
    },
  ];
}
