/**
 * The colophon list's query in the address (spec sections 2 and 9): the search fields, the order
 * (`sort_by`, one of the sortable columns, `-` for descending), page and page size (10 by default,
 * left out of the address).
 */
import { PUB_NOTE_SEARCH_FIELDS, PUB_NOTE_SORTS } from "../../../contract/colophon-rules.ts";
import { type ListShape, listSearchValidator } from "../list-screen/listSearch.ts";

const filters = Object.fromEntries(PUB_NOTE_SEARCH_FIELDS.map((field) => [field, "text"])) as Record<
  (typeof PUB_NOTE_SEARCH_FIELDS)[number],
  "text"
>;

/** The server's order when none is chosen: by reel. */
export const COLOPHON_LIST: ListShape<typeof filters> = { filters, sorts: PUB_NOTE_SORTS, defaultSort: "" };

/** The fields shown at first; the rest open with "more". */
export const FIRST_FIELDS = PUB_NOTE_SEARCH_FIELDS.slice(0, 5);
export const MORE_FIELDS = PUB_NOTE_SEARCH_FIELDS.slice(5);

/** Where the reader's choice of columns is kept. */
export const COLOPHON_COLUMNS_KEY = "canon-reader.columns.colophon";

export const validateColophonSearch = listSearchValidator(COLOPHON_LIST);
