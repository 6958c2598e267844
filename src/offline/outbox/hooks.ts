/**
 * One-line hooks over the reader's own data on this device: each shows the mirror (live, through
 * Dexie's liveQuery) and refreshes it from the server whenever the reader is online, signed in,
 * and `version` changes. A signed-out reader sees nothing here.
 */

import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import type { SutraGroup, UserOp } from "../../../contract/personal.ts";
import { useServices } from "../../app/shell/services.ts";
import { useOnline } from "../network.ts";
import type { OutboxRecord } from "../userData/db.ts";
import { groupsView, outboxCount, outboxRecords, pinsView, recentReadsView } from "./queries.ts";
import type { OutboxService } from "./service.ts";

const NO_GROUPS: SutraGroup[] = [];
const NO_PINS: string[] = [];
const NO_READS: UserOp[] = [];
const NO_RECORDS: OutboxRecord[] = [];

export function useOutbox(): OutboxService {
  return useServices().outbox;
}

/** The signed-in reader's id, or null. */
export function useUserId(): number | null {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, () => {
    const state = auth.state();
    return state.signedIn ? state.userId : null;
  });
}

/** Runs `refresh` when online and signed in, and again whenever `key` changes. */
function useRefresh(
  userId: number | null,
  key: string,
  refresh: (signal: AbortSignal) => Promise<void>,
): void {
  const online = useOnline();
  const latest = useRef(refresh);
  useLayoutEffect(() => {
    latest.current = refresh;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the refresh reads.
  useEffect(() => {
    if (userId === null || !online) return;
    const controller = new AbortController();
    latest.current(controller.signal).catch(() => {
      // Offline or refused: the mirror stays as it is.
    });
    return () => controller.abort();
  }, [userId, online, key]);
}

export function useGroupsMirror(tripitakaUid: string, version = 0): SutraGroup[] {
  const outbox = useOutbox();
  const userId = useUserId();
  useRefresh(userId, `${tripitakaUid}:${version}`, (signal) => outbox.refreshGroups(tripitakaUid, signal));
  return useLiveQuery(
    () => (userId === null ? NO_GROUPS : groupsView(outbox.db, userId, tripitakaUid)),
    [outbox, userId, tripitakaUid],
    NO_GROUPS,
  );
}

export function usePinsMirror(tripitakaUid: string): string[] {
  const outbox = useOutbox();
  const userId = useUserId();
  useRefresh(userId, "pins", (signal) => outbox.refreshPins(signal));
  return useLiveQuery(
    () => (userId === null ? NO_PINS : pinsView(outbox.db, userId, tripitakaUid)),
    [outbox, userId, tripitakaUid],
    NO_PINS,
  );
}

/** Newest first; `undefined` until the mirror has been read. */
export function useRecentReadsMirror(tripitakaUid: string): UserOp[] | undefined {
  const outbox = useOutbox();
  const userId = useUserId();
  useRefresh(userId, tripitakaUid, (signal) => outbox.refreshRecentReads(tripitakaUid, signal));
  return useLiveQuery(
    () => (userId === null ? NO_READS : recentReadsView(outbox.db, userId, tripitakaUid)),
    [outbox, userId, tripitakaUid],
  );
}

/** The signed-in reader's writes not yet accepted, oldest first; `undefined` until read. */
export function useOutboxRecords(): OutboxRecord[] | undefined {
  const outbox = useOutbox();
  const userId = useUserId();
  return useLiveQuery(
    () => (userId === null ? NO_RECORDS : outboxRecords(outbox.db, userId)),
    [outbox, userId],
  );
}

export function useOutboxCount(): number {
  const outbox = useOutbox();
  const userId = useUserId();
  return useLiveQuery(() => (userId === null ? 0 : outboxCount(outbox.db, userId)), [outbox, userId], 0);
}
