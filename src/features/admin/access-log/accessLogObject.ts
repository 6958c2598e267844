/**
 * Where an access-log entry's object opens: the reel or page that was read or left, or the search
 * a keyword names, run again in the text form the log's address gives (`txt_type`, spec section
 * 2), else in the administrator's own.
 */

import { isPageUid, parseReelUid } from "../../../../contract/ids.ts";
import type { OplogEntry } from "../../../../contract/oplog.ts";
import type { TxtType } from "../../../../contract/tripitaka.ts";

type Entry = Pick<OplogEntry, "event_id" | "ouid" | "tripitaka_uid">;

export function objectHref(entry: Entry, txtType: TxtType | ""): string | null {
  const { ouid, event_id: event, tripitaka_uid: tripitaka } = entry;
  if (ouid === null) return null;
  const readsOrLeaves = event === "READ_REEL" || event === "READ_PAGE" || event === "LEAVE";
  if (readsOrLeaves && parseReelUid(ouid)) return `/scroll/${encodeURIComponent(ouid)}`;
  if (readsOrLeaves && isPageUid(ouid)) return `/page/${encodeURIComponent(ouid)}`;
  if (event === "FULLTEXT_SEARCH" && tripitaka) {
    const query = new URLSearchParams({ keyword: ouid });
    if (txtType !== "") query.set("txt_type", txtType);
    return `/${encodeURIComponent(tripitaka)}/search?${query}`;
  }
  return null;
}
