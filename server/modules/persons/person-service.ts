/** The people of the canon as the contract shows them (contract/persons.ts). */
import type { Kysely } from "kysely";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import { printLineId } from "../../../contract/ids.ts";
import {
  GRAPH_NODES_MAX,
  type PersonDetail,
  type PersonGraph,
  type PersonHit,
  type PersonListItem,
  type PersonListQuery,
  type PersonSummary,
  type TextPiece,
} from "../../../contract/persons.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { teacherGraph } from "./graph-repository.ts";
import { listPersons } from "./person-list-repository.ts";
import { matchesOf } from "./person-matches.ts";
import {
  authorLinks,
  biographyWithParagraphs,
  findPerson,
  personAssociates,
  personDates,
  personMentions,
  personNames,
  personPlaces,
  personWorks,
  reelsOfLines,
  teacherRelations,
} from "./person-repository.ts";
import { relationSources } from "./relation-sources.ts";

type Db = Kysely<Database>;

type SummaryRow = {
  id: string;
  name_trad: string;
  name_sim: string;
  dynasty: string | null;
  birth_year: number | null;
  death_year: number | null;
};

const summary = (row: SummaryRow): PersonSummary => ({
  id: row.id,
  name: row.name_trad,
  name_sim: row.name_sim,
  dynasty: row.dynasty,
  birth_year: row.birth_year,
  death_year: row.death_year,
});

type ListRow = SummaryRow & {
  authority_id: string | null;
  sna_id: number | null;
  biography_title: string | null;
  teacher_count: number;
  student_count: number;
  mention_count: number;
};

const listItem = (row: ListRow): PersonListItem => ({
  ...summary(row),
  authority_id: row.authority_id,
  sna_id: row.sna_id,
  biography_title: row.biography_title,
  teacher_count: row.teacher_count,
  student_count: row.student_count,
  mention_count: row.mention_count,
});

export async function searchPersons(db: Db, query: PersonListQuery): Promise<Paged<PersonHit>> {
  const { name } = query;
  const { total, rows } = await listPersons(
    db,
    { name, dynasty: query.dynasty, source: query.source, sort: query.sort_by },
    pageRequestOf(query),
  );
  const ids = rows.map((row) => row.id);
  const matches = name ? await matchesOf(db, ids, name) : null;
  const hits = rows.map((row) => ({ ...listItem(row), matched: matches?.get(row.id) ?? null }));
  return pageOf(total, query, hits);
}

type Line = { page_uid: string; line_no: number };

/** Line ids and their reels, resolved together once every line of the answer is known. */
function lineResolver() {
  const wanted: Line[] = [];
  let reels = new Map<string, string | null>();
  return {
    want(line: Line): Line {
      wanted.push(line);
      return line;
    },
    async resolve(db: Db) {
      reels = await reelsOfLines(db, wanted);
    },
    at(line: Line) {
      const lineId = printLineId({ pageUid: line.page_uid, line: line.line_no });
      return { line_id: lineId, reel_uid: reels.get(lineId) ?? null };
    },
  };
}

export async function personDetail(db: Db, id: string): Promise<PersonDetail> {
  const person = await findPerson(db, id);
  if (!person) throw notFound("person", id);
  const [names, biography, mentions, places, dates, teachers, students, associates, works] =
    await Promise.all([
      personNames(db, id),
      person.biography_id ? biographyWithParagraphs(db, person.biography_id) : null,
      personMentions(db, id, person.biography_id),
      personPlaces(db, id),
      personDates(db, id),
      teacherRelations(db, id, "teachers"),
      teacherRelations(db, id, "students"),
      personAssociates(db, id),
      person.authority_id ? personWorks(db, person.authority_id) : [],
    ]);

  const lines = lineResolver();
  if (biography) {
    lines.want(biography.biography);
    for (const paragraph of biography.paragraphs) lines.want(paragraph);
  }
  for (const row of [...mentions, ...places, ...dates]) lines.want(row);
  const refLine = (row: { ref_page_uid: string | null; ref_line_no: number | null }) =>
    row.ref_page_uid === null || row.ref_line_no === null
      ? null
      : lines.want({ page_uid: row.ref_page_uid, line_no: row.ref_line_no });
  const relation = (
    row: SummaryRow & { ref: string; ref_page_uid: string | null; ref_line_no: number | null },
  ) => {
    const cited = refLine(row);
    return () => {
      const at = cited ? lines.at(cited) : null;
      return {
        ...summary(row),
        ref: row.ref,
        ref_line_id: at?.line_id ?? null,
        ref_reel_uid: at?.reel_uid ?? null,
      };
    };
  };
  const teacherRows = teachers.map(relation);
  const studentRows = students.map(relation);
  await lines.resolve(db);
  const [teachersCited, studentsCited] = [teacherRows.map((row) => row()), studentRows.map((row) => row())];
  const sources = await relationSources(db, [...teachersCited, ...studentsCited]);
  const withSource = (row: (typeof teachersCited)[number]) => ({
    ...row,
    ref_source: sources.get(row.ref) ?? null,
  });

  const placeRows = new Map<string, PersonDetail["places"][number]>();
  for (const row of places) {
    const known = placeRows.get(row.id);
    if (known) known.uses += row.uses;
    else
      placeRows.set(row.id, {
        id: row.id,
        name: row.name_trad,
        name_sim: row.name_sim,
        uses: row.uses,
        ...lines.at(row),
      });
  }
  const seenDates = new Set<string>();

  return {
    ...listItem(person),
    gender_code: person.gender_code,
    names: names.map((n) => ({ name: n.name_trad, name_sim: n.name_sim, uses: n.uses })),
    biography: biography && {
      id: biography.biography.id,
      collection_title: biography.biography.collection_title,
      title: biography.biography.title_trad,
      ...lines.at(biography.biography),
      paragraphs: biography.paragraphs.map((paragraph) => ({
        sn: paragraph.sn,
        ...lines.at(paragraph),
        last_line_id: printLineId({ pageUid: paragraph.last_page_uid, line: paragraph.last_line_no }),
        pieces: JSON.parse(paragraph.pieces) as TextPiece[],
      })),
    },
    mentions: mentions.map((row) => ({
      biography_id: row.biography_id,
      title: row.title_trad,
      subject_id: row.subject_id,
      uses: row.uses,
      ...lines.at(row),
    })),
    places: [...placeRows.values()].sort((a, b) => b.uses - a.uses),
    dates: dates.flatMap((row) => {
      if (seenDates.has(row.key)) return [];
      seenDates.add(row.key);
      return [{ key: row.key, label: row.label_trad, from: row.from_iso, to: row.to_iso, ...lines.at(row) }];
    }),
    teachers: teachersCited.map(withSource),
    students: studentsCited.map(withSource),
    associates: associates.map((row) => ({ ...summary(row), uses: row.uses })),
    works: works.map((work) => ({
      sutra_uid: work.uid,
      name: work.name_trad,
      name_sim: work.name_sim,
      first_reel_uid: work.first_reel_uid,
    })),
  };
}

export async function personGraph(db: Db, id: string, depth: number): Promise<PersonGraph> {
  const person = await findPerson(db, id);
  if (!person) throw notFound("person", id);
  const graph = await teacherGraph(db, id, depth, GRAPH_NODES_MAX);
  return {
    center: id,
    depth,
    nodes: graph.nodes.map((node) => ({ ...summary(node), depth: node.depth })),
    edges: graph.edges,
    truncated: graph.truncated,
  };
}

export async function personAuthorLinks(db: Db) {
  return { list: await authorLinks(db) };
}
