/**
 * The people of the canon (spec sections 1 and 6: the researchers' knowledge graph of monk
 * biographies), researcher only:
 *   GET /v1/persons                     search by name (or title or place) and dynasty, sorted and paged
 *   GET /v1/persons/author_links        the catalogue authors that have a person page
 *   GET /v1/person/{person_id}          names, dates, places, biography, teachers and students, works
 *   GET /v1/person/{person_id}/graph    the teacher–student graph around a person, depth 1 to 3
 *
 * A person id is the DILA authority id (`A001583`) where the person has one, else `S` and the
 * node id of the SNA network (`S2556`). Lines are line ids (contract/ids.ts); `reel_uid` is the
 * reel holding the line, null while that text is not in the library.
 */
import { z } from "zod";
import { tripitakaUidSchema } from "./canon.ts";
import { containsFilter, pageQuery } from "./list-queries.ts";

import {
  DEFAULT_PERSON_SORT,
  GRAPH_DEPTH_MAX,
  isPersonId,
  PERSON_DYNASTY_MAX,
  PERSON_MATCH_FIELDS,
  PERSON_NAME_MAX,
  PERSON_PAGE_SIZE,
  PERSON_SORTS,
  PERSON_SOURCES,
} from "./person-rules.ts";

export * from "./person-rules.ts";

export const personListQuery = pageQuery(PERSON_PAGE_SIZE, 100).extend({
  /**
   * Part of any of the person's names, of the title of their biography or of a place tied to
   * them, in traditional or simplified characters.
   */
  name: containsFilter(PERSON_NAME_MAX),
  /** One dynasty as the records write it (東晉, 北宋), in either script. */
  dynasty: containsFilter(PERSON_DYNASTY_MAX),
  source: z.enum(PERSON_SOURCES).optional(),
  sort_by: z.enum(PERSON_SORTS).default(DEFAULT_PERSON_SORT),
  /** The tripitaka the search was made from, for the search's usage record. */
  tripitaka_uid: tripitakaUidSchema.optional(),
});
export type PersonListQuery = z.output<typeof personListQuery>;

export const personParams = z.object({
  person_id: z.string().max(16).refine(isPersonId, { message: "not a person id" }),
});

export const personGraphQuery = z.object({
  depth: z.coerce.number().int().min(1).max(GRAPH_DEPTH_MAX).default(1),
});

/** What every listing of a person shows. */
export const personSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  name_sim: z.string(),
  dynasty: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  death_year: z.number().int().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const personListItemSchema = personSummarySchema.extend({
  authority_id: z.string().nullable(),
  sna_id: z.number().int().nullable(),
  /** The title of the person's own biography. */
  biography_title: z.string().nullable(),
  teacher_count: z.number().int(),
  student_count: z.number().int(),
  mention_count: z.number().int(),
});
export type PersonListItem = z.infer<typeof personListItemSchema>;

/** A person the search found, with where the name searched for was found (null without one). */
export const personHitSchema = personListItemSchema.extend({
  matched: z
    .object({ field: z.enum(PERSON_MATCH_FIELDS), text: z.string(), text_sim: z.string() })
    .nullable(),
});
export type PersonHit = z.infer<typeof personHitSchema>;

/** A place in the text: the line it is on and its reel. */
const lineSchema = { line_id: z.string(), reel_uid: z.string().nullable() };

export const textPieceSchema = z.object({
  text: z.string(),
  person_id: z.string().nullable(),
  place_id: z.string().nullable(),
});
export type TextPiece = z.infer<typeof textPieceSchema>;

export const biographyParagraphSchema = z.object({
  sn: z.number().int(),
  ...lineSchema,
  last_line_id: z.string(),
  pieces: z.array(textPieceSchema),
});

export const biographySchema = z.object({
  id: z.string(),
  collection_title: z.string(),
  title: z.string(),
  ...lineSchema,
  paragraphs: z.array(biographyParagraphSchema),
});
export type Biography = z.infer<typeof biographySchema>;

/**
 * The book a relation was read from, as a reader names it: its title and juan where the ref or the
 * library tells them, else the CBETA place cited (`T50, p. 687b11`); the biography of the library
 * it was read from; what the ref quotes.
 */
export const relationSourceSchema = z.object({
  title: z.string().nullable(),
  juan: z.number().int().nullable(),
  cited_at: z.string().nullable(),
  biography: z.string().nullable(),
  quote: z.string().nullable(),
});
export type RelationSource = z.infer<typeof relationSourceSchema>;

export const personRelationSchema = personSummarySchema.extend({
  /** The source the relation was read from, as the SNA quotes it. */
  ref: z.string(),
  /** The same source read, null when the ref names no book or place of the canon. */
  ref_source: relationSourceSchema.nullable(),
  ref_line_id: z.string().nullable(),
  ref_reel_uid: z.string().nullable(),
});
export type PersonRelation = z.infer<typeof personRelationSchema>;

export const personDetailSchema = personListItemSchema.extend({
  gender_code: z.number().int().nullable(),
  names: z.array(z.object({ name: z.string(), name_sim: z.string(), uses: z.number().int() })),
  biography: biographySchema.nullable(),
  /** Other persons' biographies that mention this person, at the first mention. */
  mentions: z.array(
    z.object({
      biography_id: z.string(),
      title: z.string(),
      subject_id: z.string().nullable(),
      uses: z.number().int(),
      ...lineSchema,
    }),
  ),
  places: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      name_sim: z.string(),
      uses: z.number().int(),
      ...lineSchema,
    }),
  ),
  /** Dated phrases of the biographies tied to the person, with their Gregorian range (ISO dates). */
  dates: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      ...lineSchema,
    }),
  ),
  teachers: z.array(personRelationSchema),
  students: z.array(personRelationSchema),
  /** Persons named together with this one in the biographies' nexus points, most often first. */
  associates: z.array(personSummarySchema.extend({ uses: z.number().int() })),
  /** The works in the library whose catalogue names the person as a contributor. */
  works: z.array(
    z.object({
      sutra_uid: z.string(),
      name: z.string(),
      name_sim: z.string(),
      first_reel_uid: z.string().nullable(),
    }),
  ),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

export const personGraphSchema = z.object({
  center: z.string(),
  depth: z.number().int(),
  nodes: z.array(personSummarySchema.extend({ depth: z.number().int() })),
  /** Teacher (source) to student (target). */
  edges: z.array(z.object({ source: z.string(), target: z.string() })),
  truncated: z.boolean(),
});
export type PersonGraph = z.infer<typeof personGraphSchema>;

/** Catalogue author ids (the `id` of a sutra's `authors`) that have a person page. */
export const authorLinksSchema = z.object({
  list: z.array(z.object({ author_id: z.number().int(), person_id: z.string() })),
});
export type AuthorLinks = z.infer<typeof authorLinksSchema>;
