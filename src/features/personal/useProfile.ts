/** The signed-in reader's profile, fetched again whenever the token changes (every profile edit). */
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import { fetchProfile } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";

export type ProfileLoad = { profile: Profile | null; failed: boolean };

export function useProfile(): ProfileLoad {
  const { api, auth } = useServices();
  const token = useSyncExternalStore(auth.subscribe, auth.get);
  const [load, setLoad] = useState<ProfileLoad>({ profile: null, failed: false });
  useEffect(() => {
    if (!token) {
      setLoad({ profile: null, failed: false });
      return;
    }
    const controller = new AbortController();
    fetchProfile(api, controller.signal).then(
      (profile) => setLoad({ profile, failed: false }),
      () => {
        if (!controller.signal.aborted) setLoad((current) => ({ ...current, failed: true }));
      },
    );
    return () => controller.abort();
  }, [api, token]);
  return load;
}
