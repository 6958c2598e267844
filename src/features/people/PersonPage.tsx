/**
 * `/person/{personId}`: one person of the canon, for researchers (spec section 6, knowledge
 * graph): names, dynasty and years, the works they made, their biography with every paragraph
 * linked to the reel and line it comes from, teachers and students, the teacher–student graph
 * (loaded with its drawing library only here), other biographies that mention them, places,
 * dates and the persons named with them.
 */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { Suspense } from "react";
import type { Script } from "../../../contract/names.ts";
import type { PersonDetail } from "../../../contract/persons.ts";
import { ApiError } from "../../api/errors.ts";
import { fetchPerson } from "../../api/persons.ts";
import { useSetPageSubject } from "../../app/shell/pageSubject.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { type DetailField, DetailList } from "../list-screen/DetailList.tsx";
import { BiographyText } from "./BiographyText.tsx";
import { Associates, Mentions, PlacesAndDates, Section, TeachersAndStudents } from "./PersonSections.tsx";
import { personName, personYears } from "./personDisplay.ts";
import { peopleText as t } from "./text.ts";

const PersonGraph = lazyPart(() => import("./PersonGraph.tsx"), "PersonGraph");

const useStyles = makeStyles({
  page: { maxWidth: "1100px" },
  heading: {
    display: "flex",
    alignItems: "baseline",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalL,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  works: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalM },
});

function facts(
  i18n: ReturnType<typeof useLingui>["i18n"],
  person: PersonDetail,
  script: Script,
): DetailField[] {
  const others = person.names.filter((n) => n.name !== person.name);
  const fields: DetailField[] = [];
  if (others.length > 0)
    fields.push({
      id: "names",
      label: i18n._(t.otherNames),
      value: others
        .map((n) => tr(i18n, t.nameUses, { name: script === "sim" ? n.name_sim : n.name, uses: n.uses }))
        .join("、"),
    });
  if (person.dynasty) fields.push({ id: "dynasty", label: i18n._(t.dynasty), value: person.dynasty });
  const years = personYears(i18n, person);
  if (years) fields.push({ id: "years", label: i18n._(t.years), value: years });
  if (person.authority_id)
    fields.push({ id: "authority", label: i18n._(t.authorityId), value: person.authority_id });
  if (person.sna_id !== null)
    fields.push({ id: "sna", label: i18n._(t.snaId), value: String(person.sna_id) });
  if (person.works.length > 0)
    fields.push({
      id: "works",
      label: i18n._(t.works),
      value: person.works.map((work) =>
        work.first_reel_uid ? (
          <RouterLink
            key={work.sutra_uid}
            to="/scroll/$reelUid"
            params={{ reelUid: work.first_reel_uid }}
            data-work={work.sutra_uid}
          >
            {script === "sim" ? work.name_sim : work.name}
          </RouterLink>
        ) : (
          <span key={work.sutra_uid}>{script === "sim" ? work.name_sim : work.name}</span>
        ),
      ),
    });
  return fields;
}

function Person(props: { person: PersonDetail }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  const { person } = props;
  const name = personName(person, script);
  useSetPageSubject(name);
  return (
    <article className={mergeClasses(stack.xl, styles.page)} data-person={person.id}>
      <header className={styles.heading}>
        <Text as="h1" size={700} weight="semibold" data-person-name>
          {name}
        </Text>
        <Text className={styles.meta}>
          {[person.dynasty, personYears(i18n, person)].filter(Boolean).join(" ")}
        </Text>
      </header>
      <DetailList fields={facts(i18n, person, script)} />
      <Section id="teachers" title={i18n._(t.teachersTitle)}>
        <TeachersAndStudents person={person} />
      </Section>
      <Section id="graph" title={i18n._(t.graph)}>
        <Suspense fallback={null}>
          <PersonGraph personId={person.id} name={name} />
        </Suspense>
      </Section>
      <Section id="biography" title={i18n._(t.biography)}>
        {person.biography ? (
          <BiographyText biography={person.biography} subjectId={person.id} />
        ) : (
          <Text>{i18n._(t.noBiography)}</Text>
        )}
      </Section>
      {person.mentions.length > 0 && (
        <Section id="mentions" title={i18n._(t.mentionedIn)}>
          <Mentions person={person} />
        </Section>
      )}
      {(person.places.length > 0 || person.dates.length > 0) && (
        <Section id="places" title={`${i18n._(t.places)} · ${i18n._(t.dates)}`}>
          <PlacesAndDates person={person} />
        </Section>
      )}
      {person.associates.length > 0 && (
        <Section id="associates" title={i18n._(t.associates)}>
          <Associates person={person} />
        </Section>
      )}
    </article>
  );
}

export function PersonPage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const { personId } = useParams({ strict: false }) as { personId?: string };
  const id = personId ?? "";
  const load = useLoad(`person|${id}`, (signal) => fetchPerson(api, id, signal));
  if (load.error instanceof ApiError && (load.error.status === 404 || load.error.status === 400))
    return (
      <Notice intent="warning" data-person-missing>
        {i18n._(t.notFound)}
      </Notice>
    );
  if (!load.data) return <LoadStatus load={load} />;
  return <Person key={load.data.id} person={load.data} />;
}
