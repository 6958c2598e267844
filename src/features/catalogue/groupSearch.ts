/** The group tab's search: groups whose name matches show whole, others only their matching sutras. */
import type { SutraGroup } from "../../../contract/personal.ts";

export type ShownGroup = { group: SutraGroup; sutraUids: string[] };

/** `nameOf` gives a sutra's searchable name (both scripts); unknown sutras match by uid only. */
export function filterGroups(
  groups: readonly SutraGroup[],
  filter: string,
  nameOf: (sutraUid: string) => string,
): ShownGroup[] {
  const needle = filter.trim().toLowerCase();
  if (needle === "") return groups.map((group) => ({ group, sutraUids: group.sutra_uids }));
  return groups.flatMap((group) => {
    if (group.name.toLowerCase().includes(needle)) return [{ group, sutraUids: group.sutra_uids }];
    const sutraUids = group.sutra_uids.filter(
      (uid) => uid.toLowerCase().includes(needle) || nameOf(uid).toLowerCase().includes(needle),
    );
    return sutraUids.length > 0 ? [{ group, sutraUids }] : [];
  });
}
