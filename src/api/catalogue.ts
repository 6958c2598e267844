/**
 * The catalogue drawer's calls (spec section 7, "Config", "Sutras" and "User configuration"): a
 * tripitaka's config lists, its books, every sutra, the commonly used ones, and the reader's pins.
 */
import type { Book, ConfigItem, SutraAll } from "../../contract/canon.ts";
import type { TopConfig } from "../../contract/personal.ts";
import type { ApiClient } from "./client.ts";

export type { Book, ConfigItem, SutraAll };
export type ConfigKind = "dynasties" | "categories" | "authors";

const base = (tripitakaUid: string) => `tripitaka/${encodeURIComponent(tripitakaUid)}`;

export function fetchConfigList(
  api: ApiClient,
  tripitakaUid: string,
  kind: ConfigKind,
  signal?: AbortSignal,
): Promise<ConfigItem[]> {
  return api.getResult<ConfigItem[]>(api.http.get(`${base(tripitakaUid)}/${kind}`, { signal }));
}

/** The tripitaka's catalogue: its books (volumes) with their first and last pages. */
export function fetchBooks(api: ApiClient, tripitakaUid: string, signal?: AbortSignal): Promise<Book[]> {
  return api.getResult<Book[]>(api.http.get(`${base(tripitakaUid)}/catalog`, { signal }));
}

/** Every sutra of a tripitaka, or only those changed after `since`. */
export function fetchAllSutras(
  api: ApiClient,
  tripitakaUid: string,
  since: number,
  signal?: AbortSignal,
): Promise<SutraAll> {
  const searchParams = since > 0 ? { last_updated_time: since } : {};
  return api.getResult<SutraAll>(api.http.get(`${base(tripitakaUid)}/sutra/all`, { searchParams, signal }));
}

export function fetchCommonSutraUids(
  api: ApiClient,
  tripitakaUid: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return api.getResult<string[]>(api.http.get(`${base(tripitakaUid)}/common_sutra_uids`, { signal }));
}

export function fetchTopConfig(api: ApiClient, signal?: AbortSignal): Promise<TopConfig> {
  return api.getResult<TopConfig>(api.http.get("user_conf/top_config", { signal }));
}

export function pinSutra(
  api: ApiClient,
  tripitakaUid: string,
  sutraUid: string,
  isAdd: boolean,
): Promise<TopConfig> {
  return api.getResult<TopConfig>(
    api.http.post("user_conf/top_config/sutra", {
      json: { is_add: isAdd, uid: sutraUid, tripitaka_uid: tripitakaUid },
    }),
  );
}

export function pinTripitaka(api: ApiClient, tripitakaUid: string, isAdd: boolean): Promise<TopConfig> {
  return api.getResult<TopConfig>(
    api.http.post("user_conf/top_config/tripitaka", { json: { is_add: isAdd, uid: tripitakaUid } }),
  );
}
