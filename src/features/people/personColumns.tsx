/**
 * The columns of the person search's table; the name links to the person's page, and says which
 * other field held the name searched for.
 */
import { Caption1, makeStyles, tokens } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import type { Script } from "../../../contract/names.ts";
import type { PersonHit } from "../../../contract/persons.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { matchedLabel, personName, personYears } from "./personDisplay.ts";
import type { PersonColumnId } from "./personSearch.ts";
import { peopleText as t } from "./text.ts";

type Column = DataColumn<PersonHit> & { id: PersonColumnId };

const useStyles = makeStyles({
  matched: { display: "block", color: tokens.colorNeutralForeground3 },
});

function MatchedField(props: { hit: PersonHit; label: string }) {
  const styles = useStyles();
  return (
    <Caption1 className={styles.matched} data-matched-field={props.hit.matched?.field}>
      {props.label}
    </Caption1>
  );
}

export function personColumns(i18n: I18n, script: Script): Column[] {
  return [
    {
      id: "name",
      label: i18n._(t.name),
      sortKey: "name",
      render: (p) => {
        const matched = matchedLabel(i18n, p, script);
        return (
          <>
            <RouterLink to="/person/$personId" params={{ personId: p.id }} data-person-link={p.id}>
              {personName(p, script)}
            </RouterLink>
            {matched && <MatchedField hit={p} label={matched} />}
          </>
        );
      },
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
