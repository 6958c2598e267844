/**
 * Reading a reel is recorded once per visit: a READ_REEL tracking event for every reader, and a
 * recent-read entry for a signed-in one (spec sections 3 and 7), kept on this device until the
 * server has it. Leaving the reel sends LEAVE with the time stayed.
 */
import { useEffect, useRef } from "react";
import { tripitakaOf } from "../../../contract/ids.ts";
import { useServices } from "../../app/shell/services.ts";
import { useStay } from "../../tracking/useStay.ts";

export function useRecordRead(reelUid: string, loaded: boolean): void {
  const services = useServices();
  const recorded = useRef<string | null>(null);
  useStay(services.tracker, "reel_uid", reelUid, loaded);
  useEffect(() => {
    if (!loaded || recorded.current === reelUid) return;
    recorded.current = reelUid;
    const tripitakaUid = tripitakaOf(reelUid);
    services.tracker.track("READ_REEL", window.location.pathname, { reel_uid: reelUid });
    if (tripitakaUid && services.auth.state().signedIn) {
      const context = { reel_uid: reelUid };
      services.outbox
        .write((ctx, m) => m.recordRead(ctx, tripitakaUid, "reel_read", context))
        .catch(() => {
          // A missed history entry is not worth troubling the reader over.
        });
    }
  }, [reelUid, loaded, services]);
}
