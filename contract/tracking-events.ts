/** The usage-tracking events and terminal (spec section 3, "Tracking payload"). */

export const TRACKING_EVENTS = [
  "FULLTEXT_SEARCH",
  "BROWSE_PAGE",
  "CATALOG_SEARCH",
  "CHAR_SEARCH",
  "CHAR_TYPE_SEARCH",
  "PUB_NOTE_SEARCH",
  /** The researchers' person search (knowledge graph), beyond the spec's list. */
  "PERSON_SEARCH",
  "REGESTER",
  "LOGIN",
  "READ_PAGE",
  "READ_REEL",
  "LEAVE",
] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export const TRACKING_TERMINAL = "PC";

/** LEAVE's detail: how long the reader stayed on the reel or page left, in milliseconds. */
export const STAY_DURATION_KEY = "duration";
