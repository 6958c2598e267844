/** Person ids, the person search's limits and orders and the graph's depth, without zod (the web app imports these). */
export const PERSON_ID_PATTERN = /^(A\d{6,7}|S[1-9]\d{0,8})$/;
export const isPersonId = (id: string): boolean => PERSON_ID_PATTERN.test(id);

export const PERSON_PAGE_SIZE = 10;
export const PERSON_NAME_MAX = 50;
export const PERSON_DYNASTY_MAX = 20;
export const GRAPH_DEPTH_MAX = 3;
/** The graph stops growing here; the answer says it was cut (`truncated`). */
export const GRAPH_NODES_MAX = 200;

/** Each order ascending, or descending with a leading `-`. Years unknown sort last either way. */
export const PERSON_SORT_KEYS = [
  "name",
  "birth_year",
  "death_year",
  "student_count",
  "mention_count",
] as const;
export const PERSON_SORTS = PERSON_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type PersonSort = (typeof PERSON_SORTS)[number];
export const DEFAULT_PERSON_SORT: PersonSort = "-mention_count";

/** Whose records to list: persons with a biography of their own, or every person. */
export const PERSON_SOURCES = ["biography"] as const;

/**
 * Where the person search found the text searched for: the person's name, another of their names,
 * the title of their biography, or a place tied to them. A hit names the first that holds it.
 */
export const PERSON_MATCH_FIELDS = ["name", "alias", "title", "place"] as const;
export type PersonMatchField = (typeof PERSON_MATCH_FIELDS)[number];
