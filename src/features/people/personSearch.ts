/**
 * The person search's query in the address (spec sections 2, 6 and 9): a name, a dynasty, whose
 * records (persons with a biography of their own, or everyone), sort_by, page_no and page_size
 * (10 by default).
 */
import { DEFAULT_PERSON_SORT, PERSON_SORTS, PERSON_SOURCES } from "../../../contract/person-rules.ts";
import { type ListShape, listSearchValidator } from "../list-screen/listSearch.ts";

const filters = { name: "text", dynasty: "text", source: PERSON_SOURCES } as const;

export const PERSON_LIST: ListShape<typeof filters> = {
  filters,
  sorts: PERSON_SORTS,
  defaultSort: DEFAULT_PERSON_SORT,
};

export const PERSON_COLUMN_IDS = [
  "name",
  "dynasty",
  "years",
  "biography",
  "teachers",
  "students",
  "mentions",
] as const;
export type PersonColumnId = (typeof PERSON_COLUMN_IDS)[number];
export const PERSON_COLUMNS_KEY = "canon-reader.columns.people";

export const validatePersonSearch = listSearchValidator(PERSON_LIST);

/** The list call's query with the tripitaka the search is made from (for its usage record). */
export function personApiQuery(
  query: Record<string, string | number>,
  tripitakaUid: string,
): Record<string, string | number> {
  return tripitakaUid ? { ...query, tripitaka_uid: tripitakaUid } : query;
}
