/**
 * The key under which the reel reader loads a reel, shared by the reader (ReelView) and the app's
 * start, which loads the first screen's reel before its first render (firstScreenData.ts).
 */
import type { Reel } from "../../../contract/canon.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { ApiClient } from "../../api/client.ts";
import { fetchReel } from "../../offline/reading/reading.ts";
import { loadAhead } from "../../ui/useLoad.ts";

/** The `useLoad` key of a reel in a text form. */
export const reelLoadKey = (reelUid: string, txtType: TxtType): string => `reel:${reelUid}|${txtType}`;

/** Starts loading the reel the reader is about to open, for its `useLoad` to take. */
export const loadReelAhead = (api: ApiClient, reelUid: string, txtType: TxtType): Promise<Reel> =>
  loadAhead(reelLoadKey(reelUid, txtType), () => fetchReel(api, reelUid, txtType));
