/**
 * How the reel reader loads a reel, shared by the reader (ReelView) and the app's start, which
 * loads the first screen's reel before its first render (src/app/routes/firstScreenData.ts).
 */
import type { Reel } from "../../../contract/canon.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { ApiClient } from "../../api/client.ts";
import { fetchReel } from "../../offline/reading/reading.ts";
import { loadAhead } from "../../ui/useLoad.ts";

/** The `useLoad` key of a reel in a text form. */
export const reelLoadKey = (reelUid: string, txtType: TxtType): string => `reel:${reelUid}|${txtType}`;

export const loadReel = (
  api: ApiClient,
  reelUid: string,
  txtType: TxtType,
  signal?: AbortSignal,
): Promise<Reel> => fetchReel(api, reelUid, txtType, signal);

/** Starts loading the reel the reader is about to open, for its `useLoad` to take. */
export const loadReelAhead = (api: ApiClient, reelUid: string, txtType: TxtType): Promise<Reel> =>
  loadAhead(reelLoadKey(reelUid, txtType), () => loadReel(api, reelUid, txtType));
