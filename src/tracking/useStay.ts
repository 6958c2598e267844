/**
 * The reader's stay on one reel or scanned page (tracker.ts): it starts once `uid` is shown and
 * ends when `uid` changes or the reader closes; reloading the same reel (another text form) while
 * it is shown is the same stay.
 */
import { useEffect, useRef } from "react";
import type { Stay, Tracker } from "./tracker.ts";

export function useStay(tracker: Tracker, kind: "reel_uid" | "page_uid", uid: string, shown: boolean): void {
  const stay = useRef<{ uid: string; stay: Stay } | null>(null);
  useEffect(() => {
    if (stay.current && stay.current.uid !== uid) {
      stay.current.stay.end();
      stay.current = null;
    }
    if (shown && !stay.current)
      stay.current = { uid, stay: tracker.stay(window.location.pathname, { [kind]: uid }) };
  }, [tracker, kind, uid, shown]);
  useEffect(
    () => () => {
      stay.current?.stay.end();
      stay.current = null;
    },
    [],
  );
}
