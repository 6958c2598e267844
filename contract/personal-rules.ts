/** Limits of a reader's own data (spec sections 3 and 9): sutra group names and recent reading. */

export const GROUP_NAME_MAX = 20;
export const RECENT_READ_PAGE_SIZE = 4;
