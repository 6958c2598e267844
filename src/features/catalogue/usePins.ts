/**
 * The signed-in reader's pinned sutras of one tripitaka (user_conf top_config) as this device knows
 * them, and pinning: stored on the device first, sent at once when online. While a pin is on its way
 * to the server the list shown stays as it was, so a list the server sorts is asked for once it
 * knows the pin.
 */
import { useCallback, useState } from "react";
import { usePinsMirror, useUserId } from "../../offline/outbox/hooks.ts";
import { pinSutra } from "../../offline/outbox/mutations.ts";
import { useWrite } from "../../offline/outbox/useWrite.ts";

export type Pins = {
  signedIn: boolean;
  /** Newest pin first. */
  pinned: readonly string[];
  toggle(sutraUid: string): Promise<void>;
};

export function usePins(tripitakaUid: string): Pins {
  const signedIn = useUserId() !== null;
  const pinned = usePinsMirror(tripitakaUid);
  const write = useWrite();
  const [sending, setSending] = useState<readonly string[] | null>(null);
  const toggle = useCallback(
    async (sutraUid: string) => {
      setSending(pinned);
      try {
        await write((ctx) => pinSutra(ctx, tripitakaUid, sutraUid, !pinned.includes(sutraUid)));
      } finally {
        setSending(null);
      }
    },
    [write, tripitakaUid, pinned],
  );
  return { signedIn, pinned: sending ?? pinned, toggle };
}
