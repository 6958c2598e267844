/**
 * The open reel's sutra: its catalogue entry (header card) and its contents tree and reel list
 * (side panel). Both load once per sutra, not per reel; the sutra uid is the reel uid's part
 * before the underscore.
 */
import type { Sutra } from "../../../contract/canon.ts";
import { parseReelUid, tripitakaOf } from "../../../contract/ids.ts";
import type { SutraCatalog } from "../../api/reelReader.ts";
import { useServices } from "../../app/shell/services.ts";
import { fetchSutra, fetchSutraCatalog } from "../../offline/reading/reading.ts";
import { useLoad } from "../../ui/useLoad.ts";

export function useSutraInfo(reelUid: string): {
  sutra: Sutra | null | undefined;
  catalog: SutraCatalog | undefined;
} {
  const { api } = useServices();
  const sutraUid = parseReelUid(reelUid)?.sutraUid ?? "";
  const tripitakaUid = tripitakaOf(reelUid) ?? "";
  const sutra = useLoad(`sutra|${sutraUid}`, (signal) =>
    sutraUid ? fetchSutra(api, tripitakaUid, sutraUid, signal) : Promise.resolve(null),
  );
  const catalog = useLoad(`catalog|${sutraUid}`, (signal) =>
    sutraUid ? fetchSutraCatalog(api, sutraUid, signal) : Promise.reject(new Error("not a reel uid")),
  );
  return { sutra: sutra.data, catalog: catalog.data };
}
