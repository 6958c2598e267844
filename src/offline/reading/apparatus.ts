/**
 * A reel's collation apparatus for the reader, local first: the row kept beside a downloaded reel
 * text, else the server while it is reachable. The apparatus only adds to a text already shown,
 * so where neither has it the answer is null (no marks), never an error or a notice.
 */
import type { Apparatus } from "../../../contract/apparatus.ts";
import { apparatusOfRow } from "../../../contract/offline-library.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { reelApparatus } from "../../api/canon.ts";
import type { ApiClient } from "../../api/client.ts";
import { isNotFound } from "../../api/errors.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { isNetworkFailure, type NetworkState, networkState } from "../network.ts";
import { library } from "./reading.ts";

export type ApparatusDeps = { library: () => Promise<OfflineLibrary>; network: NetworkState };

export async function readApparatus(
  deps: ApparatusDeps,
  api: ApiClient,
  reelUid: string,
  txtType: TxtType,
  signal?: AbortSignal,
): Promise<Apparatus | null> {
  const row = await deps
    .library()
    .then((db) => db.apparatus.get([reelUid, txtType]))
    .catch(() => undefined);
  if (row) return apparatusOfRow(row);
  if (!deps.network.isOnline()) return null;
  try {
    const apparatus = await reelApparatus(api, reelUid, txtType, signal);
    deps.network.reportReachable();
    return apparatus;
  } catch (error) {
    if (isNotFound(error)) return null;
    if (!isNetworkFailure(error)) throw error;
    deps.network.reportUnreachable();
    return null;
  }
}

/** The app's reader: its one offline library and network state. */
export const fetchApparatus = (api: ApiClient, reelUid: string, txtType: TxtType, signal?: AbortSignal) =>
  readApparatus({ library, network: networkState() }, api, reelUid, txtType, signal);
