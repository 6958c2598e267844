/**
 * One-line hooks over the reader's own data on this device: each shows the mirror (live, through
 * Dexie's liveQuery) and refreshes it from the server whenever the reader is online, signed in,
 * and `version` changes. A signed-out reader sees nothing here, and loads no outbox code.
 */

import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import type { SutraGroup, UserOp } from "../../../contract/personal.ts";
import { useServices } from "../../app/shell/services.ts";
import { useOnline } from "../network.ts";
import type { OutboxRecord, UserDb } from "../userData/db.ts";
import type { Outbox } from "./lazyOutbox.ts";
import { groupsView, outboxCount, outboxRecords, pinsView, recentReadsView } from "./queries.ts";
import type { OutboxService } from "./service.ts";

const NO_GROUPS: SutraGroup[] = [];
const NO_PINS: string[] = [];
const NO_READS: UserOp[] = [];
const NO_RECORDS: OutboxRecord[] = [];

export function useOutbox(): Outbox {
  return useServices().outbox;
}

/** The outbox once loaded for a signed-in reader; null before, and for a guest. */
function useLoadedOutbox(userId: number | null): OutboxService | null {
  const outbox = useOutbox();
  const [loaded, setLoaded] = useState(() => outbox.loaded());
  useEffect(() => {
    if (userId === null || loaded) return;
    let current = true;
    outbox.load().then(
      (service) => {
        if (current) setLoaded(service);
      },
      () => {
        // Its code cannot load now (offline before it was cached): the mirror stays empty.
      },
    );
    return () => {
      current = false;
    };
  }, [outbox, userId, loaded]);
  return loaded;
}

/**
 * `read` over the signed-in reader's data, live; `undefined` until first read, and `signedOut` for a
 * guest. `key` names what `read` reads besides the user.
 */
function useLiveMirror<T>(
  userId: number | null,
  key: string,
  read: (db: UserDb, userId: number) => Promise<T>,
  signedOut: T,
): T | undefined {
  const service = useLoadedOutbox(userId);
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef(read);
  useLayoutEffect(() => {
    latest.current = read;
  });
  const answerKey = `${userId}:${key}`;
  useEffect(() => {
    if (userId === null || !service) return;
    const subscription = service
      .live((db) => latest.current(db, userId))
      .subscribe({
        next: (value) => setAnswer({ key: answerKey, value }),
        error: () => {
          // The database is unavailable (private mode, blocked): the mirror stays as it was.
        },
      });
    return () => subscription.unsubscribe();
  }, [service, userId, answerKey]);
  if (userId === null) return signedOut;
  return answer?.key === answerKey ? answer.value : undefined;
}

/** The signed-in reader's id, or null. */
export function useUserId(): number | null {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, () => {
    const state = auth.state();
    return state.signedIn ? state.userId : null;
  });
}

/**
 * Runs `refresh` when online and signed in, and again whenever `key` changes. Answers whether the
 * mirror is as fresh as it will get for now: the refresh for `key` has ended, or none can run.
 */
function useRefresh(
  userId: number | null,
  key: string,
  refresh: (signal: AbortSignal) => Promise<void>,
): boolean {
  const online = useOnline();
  const [refreshedFor, setRefreshedFor] = useState<string | null>(null);
  const refreshKey = `${userId}:${key}`;
  const latest = useRef(refresh);
  useLayoutEffect(() => {
    latest.current = refresh;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the refresh reads.
  useEffect(() => {
    if (userId === null || !online) return;
    const controller = new AbortController();
    latest
      .current(controller.signal)
      .catch(() => {
        // Offline or refused: the mirror stays as it is.
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshedFor(refreshKey);
      });
    return () => controller.abort();
  }, [userId, online, key]);
  return userId === null || !online || refreshedFor === refreshKey;
}

export function useGroupsMirror(tripitakaUid: string, version = 0): SutraGroup[] {
  const outbox = useOutbox();
  const userId = useUserId();
  useRefresh(userId, `${tripitakaUid}:${version}`, (signal) => outbox.refreshGroups(tripitakaUid, signal));
  return (
    useLiveMirror(userId, tripitakaUid, (db, id) => groupsView(db, id, tripitakaUid), NO_GROUPS) ?? NO_GROUPS
  );
}

export function usePinsMirror(tripitakaUid: string): string[] {
  const outbox = useOutbox();
  const userId = useUserId();
  useRefresh(userId, "pins", (signal) => outbox.refreshPins(signal));
  return useLiveMirror(userId, tripitakaUid, (db, id) => pinsView(db, id, tripitakaUid), NO_PINS) ?? NO_PINS;
}

/**
 * Newest first; `reads` is `undefined` until the mirror has been read, and `refreshed` says whether
 * the server's list has been taken in (or cannot be now).
 */
export function useRecentReadsMirror(tripitakaUid: string): {
  reads: UserOp[] | undefined;
  refreshed: boolean;
} {
  const outbox = useOutbox();
  const userId = useUserId();
  const refreshed = useRefresh(userId, tripitakaUid, (signal) =>
    outbox.refreshRecentReads(tripitakaUid, signal),
  );
  const reads = useLiveMirror(
    userId,
    tripitakaUid,
    (db, id) => recentReadsView(db, id, tripitakaUid),
    NO_READS,
  );
  return { reads, refreshed };
}

/** The signed-in reader's writes not yet accepted, oldest first; `undefined` until read. */
export function useOutboxRecords(): OutboxRecord[] | undefined {
  const userId = useUserId();
  return useLiveMirror(userId, "records", outboxRecords, NO_RECORDS);
}

export function useOutboxCount(): number {
  const userId = useUserId();
  return useLiveMirror(userId, "count", outboxCount, 0) ?? 0;
}
