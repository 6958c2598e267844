/** The colophon list of a tripitaka (spec section 7, pubnote/list). */
import type { Kysely } from "kysely";
import type { PubNoteListQuery, PubNoteListResult } from "../../../contract/colophons.ts";
import { pageOf } from "../../../contract/envelope.ts";
import type { Database } from "../../db/schema.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
import { countPubNotes, listPubNotes } from "./pubnote-repository.ts";

export async function pubNotePage(
  db: Kysely<Database>,
  tripitakaUid: string,
  query: PubNoteListQuery,
): Promise<PubNoteListResult> {
  await requireTripitaka(db, tripitakaUid);
  const total = await countPubNotes(db, tripitakaUid, query);
  const list =
    total > (query.page_no - 1) * query.page_size ? await listPubNotes(db, tripitakaUid, query) : [];
  return pageOf(total, query, list);
}

/** What a search asked for, for its PUB_NOTE_SEARCH event: the fields filled in and the order. */
export function searchedFields(query: PubNoteListQuery): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(query))
    if (typeof value === "string" && value.trim() !== "" && key !== "sort_by") extra[key] = value.trim();
  if (query.sort_by) extra.sort_by = query.sort_by;
  return extra;
}
