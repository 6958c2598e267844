/** The signed-in reader's groups of one tripitaka, reloaded after each change. */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { SutraGroup } from "../../../contract/personal.ts";
import { fetchGroups } from "../../api/groups.ts";
import { useServices } from "../../app/shell/services.ts";

export type SutraGroups = { signedIn: boolean; groups: SutraGroup[]; reload(): void };

export function useSutraGroups(tripitakaUid: string): SutraGroups {
  const { api, auth } = useServices();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  const [groups, setGroups] = useState<SutraGroup[]>([]);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (!signedIn) {
      setGroups([]);
      return;
    }
    const controller = new AbortController();
    void version;
    fetchGroups(api, tripitakaUid, controller.signal).then(setGroups, () => {
      if (!controller.signal.aborted) setGroups([]);
    });
    return () => controller.abort();
  }, [api, tripitakaUid, signedIn, version]);
  return { signedIn, groups, reload };
}
