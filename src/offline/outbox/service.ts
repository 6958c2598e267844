/**
 * The outbox as the app uses it: the `canon-user` database, the sync engine wired to the API client,
 * the sign-in state and the network state, the writes (stored, then sent at once when online) and
 * the refreshes of the mirrors from the server. Created once with the app's services.
 */

import { liveQuery } from "dexie";
import { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from "../../../contract/outbox-sync.ts";
import type { TopConfig } from "../../../contract/personal.ts";
import { fetchTopConfig } from "../../api/catalogue.ts";
import type { ApiClient } from "../../api/client.ts";
import type { ApiEvents, Emitter } from "../../api/events.ts";
import { fetchGroups } from "../../api/groups.ts";
import { sendQueued } from "../../api/outbox.ts";
import { fetchReadConfig, fetchRecentReads } from "../../api/readerData.ts";
import type { AuthStore } from "../../auth/authState.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { NetworkState } from "../network.ts";
import { openUserDb, type UserDb } from "../userData/db.ts";
import { readThrough } from "./answers.ts";
import * as mutations from "./mutations.ts";
import { discardRecord, retryRecord, type WriteContext } from "./mutations.ts";
import type { ReadConfigValue } from "./ops.ts";
import {
  readConfigView,
  refreshGroups,
  refreshPins,
  refreshReadConfig,
  refreshRecentReads,
} from "./queries.ts";
import { createSyncEngine, type Settled, type SyncEngine } from "./syncEngine.ts";

/** How a write ended for now; `merged` when it only undid an earlier one not yet sent. */
/** The writes a screen can queue, for screens that load them with the outbox. */
export { mutations };

export type WriteOutcome = Settled | { kind: "merged" };

/** A query over `canon-user` answered again whenever what it read changes. */
export type LiveRead<T> = {
  subscribe(observer: { next(value: T): void; error(error: unknown): void }): { unsubscribe(): void };
};

export type OutboxService = {
  db: UserDb;
  live<T>(read: (db: UserDb) => Promise<T>): LiveRead<T>;
  engine: SyncEngine;
  userId(): number | null;
  /** Stores a write of the signed-in reader; when online, resolves once it is sent or refused. */
  write(mutation: (ctx: WriteContext) => Promise<number | null>): Promise<WriteOutcome>;
  refreshGroups(tripitakaUid: string, signal?: AbortSignal): Promise<void>;
  refreshPins(signal?: AbortSignal): Promise<void>;
  refreshRecentReads(tripitakaUid: string, signal?: AbortSignal): Promise<void>;
  /** A reading setting as this device knows it, refreshed from the server first when online. */
  readConfig(field: string): Promise<ReadConfigValue | undefined>;
  /** A personal-centre read, kept on this device when fetched and answered from there offline. */
  readThrough<T>(key: string, load: () => Promise<T>): Promise<T>;
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<void>;
  /** Starts syncing (first pass, network, sign-in, service-worker messages); returns the stop. */
  start(): () => void;
};

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export type OutboxDeps = {
  api: ApiClient;
  auth: AuthStore;
  events: Emitter<ApiEvents>;
  network: NetworkState;
  db?: UserDb;
  clock?: Clock;
  random?(): number;
  newKey?(): string;
  /** What the browser offers: Web Locks, the service worker and the page's visibility (all optional). */
  locks?: LockManager;
  serviceWorker?: ServiceWorkerContainer;
  /** A hidden tab's timers are slowed: what is due is sent when it shows again. */
  visibility?: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
};

/** How many reads the history mirror asks for (the server's largest page). */
const RECENT_READS_FETCHED = 100;
const LOCK_NAME = "canon-outbox";

export function createOutbox(deps: OutboxDeps): OutboxService {
  const { api, auth, events, network } = deps;
  const db = deps.db ?? openUserDb();
  const clock: Clock = deps.clock ?? systemClock;
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const userId = () => {
    const state = auth.state();
    return state.signedIn ? state.userId : null;
  };

  let syncRequested = false;
  const requestBackgroundSync = () => {
    if (syncRequested || !deps.serviceWorker) return;
    syncRequested = true;
    deps.serviceWorker.ready
      .then((registration: SyncRegistration) => registration.sync?.register(OUTBOX_SYNC_TAG))
      .catch(() => {
        // No Background Sync here: the next start or `online` event sends what waits.
      });
  };

  const engine = createSyncEngine({
    db,
    userId,
    send: (request) => sendQueued(api, request),
    network,
    clock,
    random: deps.random ?? Math.random,
    requestBackgroundSync,
    exclusive: async (run) => {
      if (deps.locks) await deps.locks.request(LOCK_NAME, run);
      else await run();
    },
    onFailed(_record, answer) {
      if (answer?.kind !== "refused") return;
      if (answer.notice) events.emit("notice", answer.notice);
      else if (answer.code !== null)
        events.emit("notice", { kind: "code", code: answer.code, msg: answer.msg });
    },
    onPassError(error) {
      console.error("outbox: a sync pass broke off", error);
    },
  });

  const signedIn = (): number => {
    const id = userId();
    if (id === null) throw new Error("the outbox needs a signed-in reader");
    return id;
  };

  async function refreshWhenSignedIn(run: (id: number) => Promise<unknown>): Promise<void> {
    const id = userId();
    if (id !== null) await run(id);
  }

  return {
    db,
    live: (read) => liveQuery(() => read(db)),
    engine,
    userId,
    async write(mutation) {
      const seq = await mutation({ db, userId: signedIn(), now: () => clock.now(), newKey });
      if (seq === null) return { kind: "merged" };
      if (!network.isOnline()) {
        requestBackgroundSync();
        return { kind: "waiting" };
      }
      const settled = engine.settle(seq);
      void engine.flush("write");
      return settled;
    },
    refreshGroups: (tripitakaUid, signal) =>
      refreshWhenSignedIn((id) =>
        refreshGroups(db, id, tripitakaUid, () => fetchGroups(api, tripitakaUid, signal), clock.now()),
      ),
    refreshPins: (signal) =>
      refreshWhenSignedIn((id) =>
        refreshPins(db, id, (): Promise<TopConfig> => fetchTopConfig(api, signal), clock.now()),
      ),
    refreshRecentReads: (tripitakaUid, signal) =>
      refreshWhenSignedIn((id) =>
        refreshRecentReads(
          db,
          id,
          tripitakaUid,
          async () => (await fetchRecentReads(api, tripitakaUid, 1, signal, RECENT_READS_FETCHED)).list,
          clock.now(),
        ),
      ),
    async readConfig(field) {
      const id = signedIn();
      if (network.isOnline()) {
        await refreshReadConfig(
          db,
          id,
          (): Promise<Record<string, unknown>> => fetchReadConfig(api),
          clock.now(),
        ).catch(() => false);
      }
      return readConfigView(db, id, field);
    },
    readThrough: (key, load) =>
      readThrough(db, signedIn(), key, load, { online: network.isOnline(), now: clock.now() }),
    retry: async (seq) => {
      await retryRecord({ db, userId: signedIn(), now: () => clock.now(), newKey }, seq);
      void engine.flush("asked");
    },
    discard: (seq) => discardRecord(db, signedIn(), seq),
    start() {
      const stopEngine = engine.start();
      let last = userId();
      const stopAuth = auth.subscribe(() => {
        const now = userId();
        if (now !== null && now !== last) engine.resume();
        last = now;
      });
      const stopOnline = network.subscribe(() => {
        if (network.isOnline()) syncRequested = false;
      });
      const onMessage = (event: MessageEvent<unknown>) => {
        const data = event.data;
        if (typeof data === "object" && data !== null && "type" in data && data.type === OUTBOX_FLUSH_MESSAGE)
          void engine.flush("sync");
      };
      deps.serviceWorker?.addEventListener("message", onMessage);
      const { visibility } = deps;
      const onVisibility = () => {
        if (visibility?.visibilityState === "visible") void engine.flush("visible");
      };
      visibility?.addEventListener("visibilitychange", onVisibility);
      return () => {
        stopEngine();
        stopAuth();
        stopOnline();
        deps.serviceWorker?.removeEventListener("message", onMessage);
        visibility?.removeEventListener("visibilitychange", onVisibility);
      };
    },
  };
}
