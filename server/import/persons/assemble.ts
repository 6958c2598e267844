/**
 * The rows of the person tables from the read sources: one person per authority key of the
 * biographies (and per catalogue creator matched to an SNA node), one per SNA node left unmatched,
 * their names, the biographies and their paragraphs, places, dates, mentions and relations.
 *
 * A person's name: the catalogue creator's name, else the name the title of the person's own
 * biography writes, else the SNA node's name, else the longest form the biographies use.
 */

import type { Insertable } from "kysely";
import type { TextFormConverter } from "../../../contract/text-forms.ts";
import { cbetaCollectionToTripitaka } from "../../../contract/tripitaka.ts";
import type { PersonTables } from "../../db/tables/person.ts";
import type { BiographyCollection, ParsedBiography, TextPiece } from "./biographies.ts";
import type { Creators } from "./creators.ts";
import { citedLine, type LineRef, lineOf } from "./lines.ts";
import { matchSnaToAuthority } from "./matching.ts";
import type { SnaPerson, SnaRelation } from "./sna.ts";

export type ReadBiography = {
  collection: BiographyCollection;
  /** Path under the persons folder, e.g. biographies/Liang_GSZ/0016jiuMoLuoShi.xml. */
  file: string;
  fileName: string;
  parsed: ParsedBiography;
};

export type PersonSources = {
  biographies: ReadBiography[];
  snaPersons: SnaPerson[];
  snaRelations: SnaRelation[];
  creators: Creators;
};

type Rows<T extends keyof PersonTables> = Insertable<PersonTables[T]>[];

export type PersonRows = { [T in keyof PersonTables]: Rows<T> } & {
  matchedByBiography: number;
  matchedByCatalogue: number;
};

export const snaPersonId = (nodeId: number): string => `S${nodeId}`;

/**
 * Forms of address the biographies tag with the person they stand for (貧道, 陛下, 此沙彌): kept in
 * the text's links, not listed or searched as the person's names.
 */
const ADDRESS_FORMS = new Set(
  "法師 貧道 陛下 檀越 弟子 大師 和上 和尚 上人 太子 大王 天子 三藏法師 沙彌 沙門 高祖 世祖 太祖 太后 皇帝 明公 使君 將軍 禪師 律師 尼師 闍梨 阿闍梨 大德 法主 居士".split(
    " ",
  ),
);
const isAddressForm = (form: string): boolean => ADDRESS_FORMS.has(form) || /^[此其彼吾我汝斯]/.test(form);

const byUse = (a: [string, number], b: [string, number]): number =>
  b[1] - a[1] || [...b[0]].length - [...a[0]].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
const byLength = (a: [string, number], b: [string, number]): number =>
  [...b[0]].length - [...a[0]].length || b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function mergeForms(target: Map<string, Map<string, number>>, source: Map<string, Map<string, number>>) {
  for (const [key, forms] of source) {
    const merged = target.get(key) ?? new Map<string, number>();
    for (const [form, uses] of forms) merged.set(form, (merged.get(form) ?? 0) + uses);
    target.set(key, merged);
  }
}

type Located = { biography: ReadBiography; id: string; line(lb: string): LineRef };

function locate(biographies: ReadBiography[]): Located[] {
  const seen = new Set<string>();
  return biographies.map((biography) => {
    const { collection, parsed, fileName } = biography;
    let id = parsed.xmlId || fileName.replace(/\.xml$/, "");
    if (seen.has(id)) id = `${id}-${fileName.replace(/\.xml$/, "")}`;
    seen.add(id);
    const tripitakaUid = cbetaCollectionToTripitaka[collection.cbetaCollection] ?? collection.cbetaCollection;
    const fallback = { pageUid: "", lineNo: 0 };
    return { biography, id, line: (lb) => lineOf(tripitakaUid, collection.volume, lb) ?? fallback };
  });
}

export function assemblePersonRows(sources: PersonSources, converter: TextFormConverter): PersonRows {
  const located = locate(sources.biographies);
  const forms = new Map<string, Map<string, number>>();
  const placeForms = new Map<string, Map<string, number>>();
  const subjectNames = new Map<string, string>();
  const keys = new Set<string>();
  for (const { parsed } of sources.biographies) {
    mergeForms(forms, parsed.personNames);
    mergeForms(placeForms, parsed.placeNames);
    if (parsed.subject && parsed.subjectName && !subjectNames.has(parsed.subject))
      subjectNames.set(parsed.subject, parsed.subjectName);
    for (const key of parsed.personNames.keys()) keys.add(key);
  }

  const biographyName = (key: string): string | null =>
    subjectNames.get(key) ?? [...(forms.get(key) ?? [])].sort(byLength)[0]?.[0] ?? null;
  const authorityNames = new Map(sources.creators.names);
  for (const key of keys) if (!authorityNames.has(key)) authorityNames.set(key, biographyName(key) ?? "");
  const match = matchSnaToAuthority({
    snaPersons: sources.snaPersons,
    snaRelations: sources.snaRelations,
    biographyNames: new Map(sources.biographies.map((b) => [b.fileName, b.parsed.personNames])),
    authorityNames,
    creatorNames: sources.creators.names,
    creatorDynasties: sources.creators.dynasties,
  });

  const snaByNode = new Map(sources.snaPersons.map((p) => [p.nodeId, p]));
  const nodeOfKey = new Map([...match.byNode].map(([node, key]) => [key, node]));
  for (const key of nodeOfKey.keys()) keys.add(key);
  const personOfNode = (nodeId: number): string | null =>
    match.byNode.get(nodeId) ?? (snaByNode.has(nodeId) ? snaPersonId(nodeId) : null);

  const rows: PersonRows = {
    person: [],
    person_name: [],
    biography: [],
    biography_paragraph: [],
    place: [],
    biography_date: [],
    person_place: [],
    person_date: [],
    person_mention: [],
    person_relation: [],
    matchedByBiography: match.byBiography,
    matchedByCatalogue: match.byCatalogue,
  };

  const teachers = new Map<string, number>();
  const students = new Map<string, number>();
  for (const relation of sources.snaRelations) {
    const source = personOfNode(relation.sourceId);
    const target = personOfNode(relation.targetId);
    if (!source || !target || source === target) continue;
    if (relation.kind === "teacher_of") {
      students.set(source, (students.get(source) ?? 0) + 1);
      teachers.set(target, (teachers.get(target) ?? 0) + 1);
    }
    const cited = citedLine(relation.ref);
    rows.person_relation.push({
      edge_id: relation.edgeId,
      kind: relation.kind,
      source_id: source,
      target_id: target,
      ref: relation.ref,
      ref_page_uid: cited?.pageUid ?? null,
      ref_line_no: cited?.lineNo ?? null,
      time_from: relation.timeFrom,
      time_to: relation.timeTo,
    });
  }

  const mentions = new Map<string, number>();
  const ownBiography = new Map<string, string>();
  for (const { biography, id } of located)
    if (biography.parsed.subject && !ownBiography.has(biography.parsed.subject))
      ownBiography.set(biography.parsed.subject, id);
  for (const { biography } of located)
    for (const [key, seen] of biography.parsed.mentions)
      mentions.set(key, (mentions.get(key) ?? 0) + seen.count);

  const addPerson = (id: string, authorityId: string | null, sna: SnaPerson | null, name: string) => {
    const dynasty = sna?.dynasty || null;
    rows.person.push({
      id,
      authority_id: authorityId,
      sna_id: sna?.nodeId ?? null,
      name_trad: name,
      name_sim: converter.simplify(name),
      dynasty,
      dynasty_sim: dynasty === null ? null : converter.simplify(dynasty),
      birth_year: sna?.birthYear ?? null,
      death_year: sna?.deathYear ?? null,
      gender_code: sna?.genderCode ?? null,
      biography_id: authorityId ? (ownBiography.get(authorityId) ?? null) : null,
      teacher_count: teachers.get(id) ?? 0,
      student_count: students.get(id) ?? 0,
      mention_count: authorityId ? (mentions.get(authorityId) ?? 0) : 0,
    });
    const names = new Map<string, number>([[name, forms.get(authorityId ?? "")?.get(name) ?? 0]]);
    if (sna && !names.has(sna.name)) names.set(sna.name, forms.get(authorityId ?? "")?.get(sna.name) ?? 0);
    for (const [form, uses] of [...(forms.get(authorityId ?? "") ?? [])].sort(byUse))
      if ([...form].length > 1 && !isAddressForm(form) && !names.has(form)) names.set(form, uses);
    [...names].forEach(([form, uses], sn) => {
      rows.person_name.push({
        person_id: id,
        sn,
        name_trad: form,
        name_sim: converter.simplify(form),
        uses,
      });
    });
  };

  const persons = new Set<string>();
  for (const key of [...keys].sort()) {
    const node = nodeOfKey.get(key);
    const sna = node === undefined ? null : (snaByNode.get(node) ?? null);
    const name = sources.creators.names.get(key) ?? subjectNames.get(key) ?? sna?.name ?? biographyName(key);
    if (!name) continue;
    addPerson(key, key, sna, name);
    persons.add(key);
  }
  for (const sna of sources.snaPersons)
    if (!match.byNode.has(sna.nodeId)) addPerson(snaPersonId(sna.nodeId), null, sna, sna.name);

  const places = new Map<string, string>();
  for (const [key, used] of placeForms) {
    const [best] = [...used].sort(byUse);
    if (best) places.set(key, best[0]);
  }
  for (const [id, name] of [...places].sort(([a], [b]) => (a < b ? -1 : 1)))
    rows.place.push({ id, name_trad: name, name_sim: converter.simplify(name) });

  const dates = new Map<string, { label: string; from: string | null; to: string | null }>();
  for (const { parsed } of sources.biographies)
    for (const date of parsed.dates) {
      const known = dates.get(date.key);
      if (!known) dates.set(date.key, { label: date.label, from: date.from, to: date.to });
      else if (known.label === "" && date.label !== "") known.label = date.label;
    }
  for (const [key, date] of [...dates].sort(([a], [b]) => (a < b ? -1 : 1)))
    rows.biography_date.push({
      key,
      label_trad: date.label,
      label_sim: converter.simplify(date.label),
      from_iso: date.from,
      to_iso: date.to,
    });

  located.forEach(({ biography, id, line }, sn) => {
    const { parsed, collection } = biography;
    const title = line(parsed.titleLine);
    rows.biography.push({
      id,
      collection: collection.folder,
      collection_title: collection.title,
      file: biography.file,
      sn,
      subject_id: parsed.subject && persons.has(parsed.subject) ? parsed.subject : null,
      title_trad: parsed.title,
      title_sim: converter.simplify(parsed.title),
      page_uid: title.pageUid,
      line_no: title.lineNo,
    });
    const piece = (p: TextPiece) => ({
      text: p.text,
      person_id: p.person && persons.has(p.person) ? p.person : null,
      place_id: p.place && places.has(p.place) ? p.place : null,
    });
    parsed.paragraphs.forEach((paragraph, i) => {
      const first = line(paragraph.firstLine);
      const last = line(paragraph.lastLine);
      rows.biography_paragraph.push({
        biography_id: id,
        sn: i + 1,
        page_uid: first.pageUid,
        line_no: first.lineNo,
        last_page_uid: last.pageUid,
        last_line_no: last.lineNo,
        pieces: JSON.stringify(paragraph.pieces.map(piece)),
      });
    });
    for (const [key, seen] of parsed.mentions) {
      if (!persons.has(key)) continue;
      const at = line(seen.firstLine);
      rows.person_mention.push({
        person_id: key,
        biography_id: id,
        uses: seen.count,
        page_uid: at.pageUid,
        line_no: at.lineNo,
      });
    }
    const placeUses = new Map<string, { uses: number; at: LineRef }>();
    const dateAt = new Map<string, LineRef>();
    for (const nexus of parsed.nexus) {
      const at = line(nexus.firstLine);
      for (const person of new Set(nexus.persons)) {
        if (!persons.has(person)) continue;
        for (const place of new Set(nexus.places)) {
          if (!places.has(place)) continue;
          const pair = `${person}\u0000${place}`;
          const known = placeUses.get(pair);
          if (known) known.uses++;
          else placeUses.set(pair, { uses: 1, at });
        }
        for (const date of new Set(nexus.times))
          if (dates.has(date) && !dateAt.has(`${person}\u0000${date}`))
            dateAt.set(`${person}\u0000${date}`, at);
      }
    }
    for (const [pair, { uses, at }] of placeUses) {
      const [person, place] = pair.split("\u0000") as [string, string];
      rows.person_place.push({
        person_id: person,
        place_id: place,
        biography_id: id,
        uses,
        page_uid: at.pageUid,
        line_no: at.lineNo,
      });
    }
    for (const [pair, at] of dateAt) {
      const [person, date] = pair.split("\u0000") as [string, string];
      rows.person_date.push({
        person_id: person,
        date_key: date,
        biography_id: id,
        page_uid: at.pageUid,
        line_no: at.lineNo,
      });
    }
  });
  return rows;
}
