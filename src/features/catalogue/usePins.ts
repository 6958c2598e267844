/** The signed-in reader's pinned sutras of one tripitaka (user_conf top_config), and pinning. */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { TopConfig } from "../../../contract/personal.ts";
import { fetchTopConfig, pinSutra } from "../../api/catalogue.ts";
import { useServices } from "../../app/shell/services.ts";

export type Pins = {
  signedIn: boolean;
  /** Newest pin first. */
  pinned: readonly string[];
  toggle(sutraUid: string): Promise<void>;
};

const NONE: readonly string[] = [];

export function usePins(tripitakaUid: string): Pins {
  const { api, auth } = useServices();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  const [config, setConfig] = useState<TopConfig | null>(null);
  useEffect(() => {
    setConfig(null);
    if (!signedIn) return;
    const controller = new AbortController();
    fetchTopConfig(api, controller.signal).then(setConfig, () => undefined);
    return () => controller.abort();
  }, [api, signedIn]);
  const pinned = config?.top_uids.sutra[tripitakaUid] ?? NONE;
  const toggle = useCallback(
    async (sutraUid: string) => {
      setConfig(await pinSutra(api, tripitakaUid, sutraUid, !pinned.includes(sutraUid)));
    },
    [api, tripitakaUid, pinned],
  );
  return { signedIn, pinned, toggle };
}
