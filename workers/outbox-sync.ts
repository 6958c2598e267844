/**
 * Background Sync of the outbox, service-worker side. While a write waits offline the app registers
 * the "canon-outbox" sync tag; when the browser is online again it fires `sync` with that tag here,
 * and this asks every open page of the app to send its outbox (the page's sync engine does the
 * sending, with the reader's token and its back-off). With no page open it does nothing: the
 * records stay in IndexedDB and the next start of the app sends them.
 */
import { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from "../contract/outbox-sync.ts";

/** The Background Sync event (not in TypeScript's lib yet). */
type SyncEvent = ExtendableEvent & { readonly tag: string };

declare const self: ServiceWorkerGlobalScope;

async function askPagesToSend(): Promise<void> {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: OUTBOX_FLUSH_MESSAGE });
}

self.addEventListener("sync", (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(askPagesToSend());
});
