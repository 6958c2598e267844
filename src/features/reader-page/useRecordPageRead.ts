/**
 * Reading a page is recorded once per visit: a READ_PAGE tracking event, and a recent-read entry
 * (page_read) for the signed-in reader (spec sections 3 and 7), kept on this device until the server
 * has it. Leaving the page sends LEAVE with the time stayed.
 */
import { useEffect, useRef } from "react";
import type { Page } from "../../../contract/canon.ts";
import { tripitakaOf } from "../../../contract/ids.ts";
import { useServices } from "../../app/shell/services.ts";
import { useStay } from "../../tracking/useStay.ts";

export function useRecordPageRead(pageUid: string, page: Page | undefined): void {
  const services = useServices();
  const recorded = useRef<string | null>(null);
  useStay(services.tracker, "page_uid", pageUid, page?.uid === pageUid);
  useEffect(() => {
    if (!page || recorded.current === page.uid) return;
    recorded.current = page.uid;
    services.tracker.track("READ_PAGE", window.location.pathname, { page_uid: page.uid });
    const tripitakaUid = tripitakaOf(page.uid);
    if (!tripitakaUid || !services.auth.state().signedIn) return;
    const context = page.reel_uids.length
      ? { page_uid: page.uid, reel_uids: page.reel_uids }
      : { page_uid: page.uid };
    services.outbox
      .write((ctx, m) => m.recordRead(ctx, tripitakaUid, "page_read", context))
      .catch(() => {
        // A missed history entry is not worth troubling the reader over.
      });
  }, [page, services]);
}
