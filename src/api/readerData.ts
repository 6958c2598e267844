/** A reader's own data: reading history (recent reads) and, in time, groups and pins. */

import type { Paged } from "../../contract/envelope.ts";
import type { UserOp } from "../../contract/personal.ts";
import type { ApiClient } from "./client.ts";

export function fetchRecentReads(
  api: ApiClient,
  tripitakaUid: string,
  pageNo: number,
  signal?: AbortSignal,
  pageSize?: number,
): Promise<Paged<UserOp>> {
  const path = `${encodeURIComponent(tripitakaUid)}/recent_read`;
  const searchParams = pageSize ? { page_no: pageNo, page_size: pageSize } : { page_no: pageNo };
  return api.getResult<Paged<UserOp>>(api.http.get(path, { searchParams, signal }));
}

export type ReadRecord =
  | { op_type: "reel_read"; context: { reel_uid: string; reel_uids?: string[] } }
  | { op_type: "page_read"; context: { page_uid: string; reel_uids?: string[] } };

export async function recordRead(api: ApiClient, tripitakaUid: string, op: ReadRecord): Promise<void> {
  await api.getResult<null>(api.http.post(`${encodeURIComponent(tripitakaUid)}/user_op`, { json: op }));
}

type ReadConfig = Record<string, unknown>;

/** The signed-in reader's reading settings kept on the server, by field. */
export function fetchReadConfig(api: ApiClient, signal?: AbortSignal): Promise<ReadConfig> {
  return api.getResult<ReadConfig>(api.http.get("user_conf/read_config", { signal }));
}

export async function saveReadConfig(
  api: ApiClient,
  field: string,
  value: Record<string, string | number | boolean | null>,
): Promise<void> {
  await api.getResult<ReadConfig>(
    api.http.post(`user_conf/read_config/${encodeURIComponent(field)}`, { json: { value } }),
  );
}
