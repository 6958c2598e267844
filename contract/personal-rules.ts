/** Limits of a reader's own data (spec sections 3 and 9): sutra group names and recent reading. */

import { isCleanText } from "./text-rules.ts";

export const GROUP_NAME_MAX = 20;

/** A group name as given, trimmed: 1 to GROUP_NAME_MAX characters on one line, no control or bidi formatting. */
export const isValidGroupName = (trimmed: string): boolean =>
  trimmed !== "" && [...trimmed].length <= GROUP_NAME_MAX && isCleanText(trimmed, "single-line");
export const RECENT_READ_PAGE_SIZE = 4;
