/** A tripitaka's dynasties, categories and authors for the advanced filters, loaded when shown. */
import type { ConfigItem } from "../../api/catalogue.ts";
import { useServices } from "../../app/shell/services.ts";
import { fetchConfigList } from "../../offline/reading/reading.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";

export type ConfigLists = { dynasties: ConfigItem[]; categories: ConfigItem[]; authors: ConfigItem[] };

const EMPTY: ConfigLists = { dynasties: [], categories: [], authors: [] };

export function useConfigLists(tripitakaUid: string, enabled: boolean): Load<ConfigLists> {
  const { api } = useServices();
  return useLoad(`config:${tripitakaUid}:${enabled}`, async (signal) => {
    if (!enabled) return EMPTY;
    const [dynasties, categories, authors] = await Promise.all([
      fetchConfigList(api, tripitakaUid, "dynasties", signal),
      fetchConfigList(api, tripitakaUid, "categories", signal),
      fetchConfigList(api, tripitakaUid, "authors", signal),
    ]);
    return { dynasties, categories, authors };
  });
}
