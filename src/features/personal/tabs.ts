/**
 * The personal centre's tabs (spec section 2), named in the `tab` query of /message. The route
 * parses the query with `parseMessageSearch`; the screen shows `pickTab` of the visible tabs.
 */
export const PERSONAL_TAB_IDS = ["myFeedback", "myMsg", "profile", "sync"] as const;
export type PersonalTabId = (typeof PERSONAL_TAB_IDS)[number];

export type MessageSearch = { tab?: PersonalTabId };

const isTabId = (value: unknown): value is PersonalTabId =>
  typeof value === "string" && (PERSONAL_TAB_IDS as readonly string[]).includes(value);

/** Keeps a known `tab` and drops anything else from the query. */
export function parseMessageSearch(search: Record<string, unknown>): MessageSearch {
  return isTabId(search.tab) ? { tab: search.tab } : {};
}

/** The tab asked for when it is visible, else the first visible one. */
export function pickTab<T extends { id: PersonalTabId }>(
  visible: readonly T[],
  wanted: PersonalTabId | undefined,
): T | undefined {
  return visible.find((tab) => tab.id === wanted) ?? visible[0];
}
