/**
 * Tables of the people of the canon (migration 0017): persons from the DILA biographies and the
 * SNA network, their names, the biographies with their paragraphs, the places and dated phrases
 * the biographies tie to a person, and the relations between persons.
 *
 * A person's id is its DILA authority id (`A001583`) when it has one, else `S` and its SNA node
 * id (`S2556`). Lines are a page uid and a line number, like the `line` table's key; the reel is
 * looked up there when read, so a biography line links to a reel once that text is imported.
 */

export interface PersonTable {
  id: string;
  authority_id: string | null;
  sna_id: number | null;
  name_trad: string;
  name_sim: string;
  /** Space-separated dynasties (SNA), e.g. "明 清". */
  dynasty: string | null;
  dynasty_sim: string | null;
  birth_year: number | null;
  death_year: number | null;
  /** The SNA's undocumented gender code (1 or 2), as given. */
  gender_code: number | null;
  /** The person's own biography. */
  biography_id: string | null;
  teacher_count: number;
  student_count: number;
  /** Mentions in the biographies (names and references). */
  mention_count: number;
}

/** Every name form a person is known by; `uses` counts the biographies' uses of the form. */
export interface PersonNameTable {
  person_id: string;
  sn: number;
  name_trad: string;
  name_sim: string;
  uses: number;
}

export interface BiographyTable {
  /** The TEI `xml:id`, e.g. gsz0333c16foTuoYeShe. */
  id: string;
  /** The corpus folder, e.g. Liang_GSZ. */
  collection: string;
  collection_title: string;
  file: string;
  sn: number;
  subject_id: string | null;
  title_trad: string;
  title_sim: string;
  page_uid: string;
  line_no: number;
}

export interface BiographyParagraphTable {
  biography_id: string;
  sn: number;
  page_uid: string;
  line_no: number;
  last_page_uid: string;
  last_line_no: number;
  /** JSON array of text pieces: text, person id or null, place id or null. */
  pieces: string;
}

export interface PlaceTable {
  /** The DILA place authority id, e.g. PL000000049232. */
  id: string;
  name_trad: string;
  name_sim: string;
}

/** A dated phrase of the biographies (弘始十二年) with its Gregorian range as ISO dates. */
export interface BiographyDateTable {
  key: string;
  label_trad: string;
  label_sim: string;
  from_iso: string | null;
  to_iso: string | null;
}

/** A place, a date or a mention of a person in one biography, at its first line there. */
export interface PersonPlaceTable {
  person_id: string;
  place_id: string;
  biography_id: string;
  uses: number;
  page_uid: string;
  line_no: number;
}

export interface PersonDateTable {
  person_id: string;
  date_key: string;
  biography_id: string;
  page_uid: string;
  line_no: number;
}

export interface PersonMentionTable {
  person_id: string;
  biography_id: string;
  uses: number;
  page_uid: string;
  line_no: number;
}

/** An SNA edge between two persons; `kind` teacher_of (source the teacher) or co_occurrence. */
export interface PersonRelationTable {
  edge_id: number;
  kind: string;
  source_id: string;
  target_id: string;
  ref: string;
  /** The CBETA line the ref cites, where it names one. */
  ref_page_uid: string | null;
  ref_line_no: number | null;
  time_from: string | null;
  time_to: string | null;
}

export interface PersonTables {
  person: PersonTable;
  person_name: PersonNameTable;
  biography: BiographyTable;
  biography_paragraph: BiographyParagraphTable;
  place: PlaceTable;
  biography_date: BiographyDateTable;
  person_place: PersonPlaceTable;
  person_date: PersonDateTable;
  person_mention: PersonMentionTable;
  person_relation: PersonRelationTable;
}
