/** The unread counts as a hook, one store per API client, fetched when a signed-in part mounts. */
import { useEffect, useSyncExternalStore } from "react";
import type { MsgRemind } from "../../../../contract/messages.ts";
import type { ApiClient } from "../../../api/client.ts";
import { fetchMsgRemind } from "../../../api/messages.ts";
import { useServices } from "../../../app/shell/services.ts";
import { createRemindStore, type RemindStore } from "./remind.ts";

const stores = new WeakMap<ApiClient, RemindStore>();

export function remindStoreFor(api: ApiClient): RemindStore {
  let store = stores.get(api);
  if (!store) {
    store = createRemindStore(() => fetchMsgRemind(api));
    stores.set(api, store);
  }
  return store;
}

export function useRemindStore(): RemindStore {
  return remindStoreFor(useServices().api);
}

/** The counts, fetched again whenever the signed-in token changes. */
export function useRemind(): MsgRemind | null {
  const { auth } = useServices();
  const store = useRemindStore();
  const token = useSyncExternalStore(auth.subscribe, auth.get);
  useEffect(() => {
    if (token) void store.refresh();
    else store.clear();
  }, [token, store]);
  return useSyncExternalStore(store.subscribe, store.get);
}
