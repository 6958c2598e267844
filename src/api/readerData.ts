/**
 * Reading a reader's own data from the server: reading history and reading settings. Their writes go
 * through the outbox (src/offline/outbox).
 */

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

type ReadConfig = Record<string, unknown>;

/** The signed-in reader's reading settings kept on the server, by field. */
export function fetchReadConfig(api: ApiClient, signal?: AbortSignal): Promise<ReadConfig> {
  return api.getResult<ReadConfig>(api.http.get("user_conf/read_config", { signal }));
}
