/** The signed-in reader's groups of one tripitaka, reloaded everywhere after any change. */
import { useEffect, useState, useSyncExternalStore } from "react";
import type { SutraGroup } from "../../../contract/personal.ts";
import { fetchGroups } from "../../api/groups.ts";
import { useServices } from "../../app/shell/services.ts";
import { useCatalogue } from "./CatalogueContext.tsx";

export type SutraGroups = { signedIn: boolean; groups: SutraGroup[]; reload(): void };

export function useSutraGroups(tripitakaUid: string): SutraGroups {
  const { api, auth } = useServices();
  const { groupsVersion, groupsChanged } = useCatalogue();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  const [groups, setGroups] = useState<SutraGroup[]>([]);
  useEffect(() => {
    if (!signedIn) {
      setGroups([]);
      return;
    }
    const controller = new AbortController();
    void groupsVersion;
    fetchGroups(api, tripitakaUid, controller.signal).then(setGroups, () => {
      if (!controller.signal.aborted) setGroups([]);
    });
    return () => controller.abort();
  }, [api, tripitakaUid, signedIn, groupsVersion]);
  return { signedIn, groups, reload: groupsChanged };
}
