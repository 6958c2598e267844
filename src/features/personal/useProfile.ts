/**
 * The signed-in reader's profile, fetched again whenever the token changes (every profile edit
 * answers a new one) or on `reload`. While it reloads the previous profile stays shown.
 */
import { useSyncExternalStore } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import { fetchProfile } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { useLoad } from "../../ui/useLoad.ts";

export type ProfileLoad = { profile: Profile | null; failed: boolean; reload(): void };

export function useProfile(): ProfileLoad {
  const { api, auth } = useServices();
  const token = useSyncExternalStore(auth.subscribe, auth.get);
  const load = useLoad(token ?? "", (signal) => (token ? fetchProfile(api, signal) : Promise.resolve(null)));
  const profile = token ? (load.data ?? load.latest ?? null) : null;
  return { profile, failed: load.error !== undefined, reload: load.reload };
}
