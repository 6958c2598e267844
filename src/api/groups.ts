/** The reader's custom sutra groups (spec section 7, "Sutra groups"). */
import type { SutraGroup } from "../../contract/personal.ts";
import type { ApiClient } from "./client.ts";

const base = (tripitakaUid: string) => `tripitaka/${encodeURIComponent(tripitakaUid)}`;

export function fetchGroups(
  api: ApiClient,
  tripitakaUid: string,
  signal?: AbortSignal,
): Promise<SutraGroup[]> {
  return api.getResult<SutraGroup[]>(api.http.get(`${base(tripitakaUid)}/sutra_group/all`, { signal }));
}

export function createGroup(api: ApiClient, tripitakaUid: string, name: string): Promise<SutraGroup> {
  return api.getResult<SutraGroup>(api.http.post(`${base(tripitakaUid)}/sutra_group`, { json: { name } }));
}

export async function renameGroup(
  api: ApiClient,
  tripitakaUid: string,
  id: number,
  name: string,
): Promise<void> {
  await api.getResult<null>(api.http.put(`${base(tripitakaUid)}/sutra_group_name/${id}`, { json: { name } }));
}

export async function deleteGroup(api: ApiClient, tripitakaUid: string, id: number): Promise<void> {
  await api.getResult<null>(api.http.delete(`${base(tripitakaUid)}/sutra_group/${id}`));
}

export async function addSutrasToGroup(
  api: ApiClient,
  tripitakaUid: string,
  name: string,
  sutraUids: string[],
) {
  await api.getResult<null>(
    api.http.post(`${base(tripitakaUid)}/sutra_group/add_sutras`, { json: { name, sutra_uids: sutraUids } }),
  );
}

export async function removeSutraFromGroup(
  api: ApiClient,
  tripitakaUid: string,
  name: string,
  sutraUid: string,
) {
  await api.getResult<null>(
    api.http.post(`${base(tripitakaUid)}/sutra_group/remove_sutra`, { json: { name, sutra_uid: sutraUid } }),
  );
}

export async function reorderGroups(
  api: ApiClient,
  tripitakaUid: string,
  order: Record<number, number>,
): Promise<void> {
  await api.getResult<null>(api.http.put(`${base(tripitakaUid)}/sutra_group_sn`, { json: order }));
}

/** Moving a group up or down swaps its `sn` with its neighbour's; null at either end. */
export function swapOrder(
  groups: readonly SutraGroup[],
  index: number,
  direction: -1 | 1,
): Record<number, number> | null {
  const group = groups[index];
  const neighbour = groups[index + direction];
  if (!group || !neighbour) return null;
  return { [group._id]: neighbour.sn, [neighbour._id]: group.sn };
}
