/**
 * The parts of a person's page below the biography: teachers and students with the source each
 * relation was read from, the other biographies that mention the person, the places and dated
 * phrases tied to the person, and the persons named together with them.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { PersonDetail, PersonRelation } from "../../../contract/persons.ts";
import { useScript } from "../../app/shell/script.tsx";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { ClippedText } from "../list-screen/ClippedText.tsx";
import { LineLink } from "./LineLink.tsx";
import { isoDay, personName, personYears, relationSourceLabel } from "./personDisplay.ts";
import { peopleText as t } from "./text.ts";

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  item: { marginBottom: tokens.spacingVerticalXS },
  meta: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
  chips: {
    display: "flex",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  columns: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))",
    gap: tokens.spacingHorizontalXL,
  },
});

export function Section(props: { title: string; id: string; children: ReactNode }) {
  const stack = useStackStyles();
  return (
    <section className={stack.s} data-person-section={props.id}>
      <Text as="h2" size={500} weight="semibold">
        {props.title}
      </Text>
      {props.children}
    </section>
  );
}

function RelationList(props: { people: PersonRelation[]; empty: string; side: "teacher" | "student" }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  if (props.people.length === 0) return <Text>{props.empty}</Text>;
  return (
    <ul className={styles.list}>
      {props.people.map((person) => (
        <li
          key={person.id}
          className={styles.item}
          data-relation={props.side}
          data-relation-person={person.id}
        >
          <RouterLink to="/person/$personId" params={{ personId: person.id }}>
            {personName(person, script)}
          </RouterLink>
          <Text className={styles.meta}>
            {[person.dynasty, personYears(i18n, person)].filter(Boolean).join(" ")}
          </Text>
          {person.ref !== "" && (
            <Text size={200} block data-relation-source>
              <ClippedText
                text={tr(i18n, t.relationSource, {
                  ref: relationSourceLabel(i18n, person.ref_source) ?? person.ref,
                })}
                lines={2}
              />
            </Text>
          )}
          {person.ref_line_id && person.ref_reel_uid && (
            <LineLink lineId={person.ref_line_id} reelUid={person.ref_reel_uid}>
              {i18n._(t.openSource)}
            </LineLink>
          )}
        </li>
      ))}
    </ul>
  );
}

export function TeachersAndStudents(props: { person: PersonDetail }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <div className={styles.columns}>
      <div>
        <Text as="h3" size={400} weight="semibold">
          {i18n._(t.teachersOf)}
        </Text>
        <RelationList people={props.person.teachers} empty={i18n._(t.noTeachers)} side="teacher" />
      </div>
      <div>
        <Text as="h3" size={400} weight="semibold">
          {i18n._(t.studentsOf)}
        </Text>
        <RelationList people={props.person.students} empty={i18n._(t.noStudents)} side="student" />
      </div>
    </div>
  );
}

export function Mentions(props: { person: PersonDetail }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <ul className={styles.list}>
      {props.person.mentions.map((mention) => (
        <li key={mention.biography_id} className={styles.item} data-mention={mention.biography_id}>
          {mention.subject_id ? (
            <RouterLink to="/person/$personId" params={{ personId: mention.subject_id }}>
              {tr(i18n, t.mentionUses, { title: mention.title, uses: mention.uses })}
            </RouterLink>
          ) : (
            tr(i18n, t.mentionUses, { title: mention.title, uses: mention.uses })
          )}
          <Text className={styles.meta}>
            <LineLink lineId={mention.line_id} reelUid={mention.reel_uid} />
          </Text>
        </li>
      ))}
    </ul>
  );
}

export function PlacesAndDates(props: { person: PersonDetail }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  const { places, dates } = props.person;
  return (
    <div className={styles.columns}>
      <div>
        <Text as="h3" size={400} weight="semibold">
          {i18n._(t.places)}
        </Text>
        <div className={styles.chips}>
          {places.length === 0 && <Text>{i18n._(t.none)}</Text>}
          {places.map((place) => (
            <span key={place.id} data-place={place.id}>
              <LineLink lineId={place.line_id} reelUid={place.reel_uid}>
                {script === "sim" ? place.name_sim : place.name}
              </LineLink>
            </span>
          ))}
        </div>
      </div>
      <div>
        <Text as="h3" size={400} weight="semibold">
          {i18n._(t.dates)}
        </Text>
        <ul className={styles.list}>
          {dates.length === 0 && <Text>{i18n._(t.none)}</Text>}
          {dates.map((date) => (
            <li key={date.key} className={styles.item} data-date={date.key}>
              <LineLink lineId={date.line_id} reelUid={date.reel_uid}>
                {date.from && date.to
                  ? tr(i18n, t.dateRange, { label: date.label, from: isoDay(date.from), to: isoDay(date.to) })
                  : date.label}
              </LineLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function Associates(props: { person: PersonDetail }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  return (
    <div className={styles.chips}>
      {props.person.associates.map((other) => (
        <RouterLink
          key={other.id}
          to="/person/$personId"
          params={{ personId: other.id }}
          data-associate={other.id}
        >
          {tr(i18n, t.associateUses, { name: personName(other, script), uses: other.uses })}
        </RouterLink>
      ))}
    </div>
  );
}
