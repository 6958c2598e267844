/**
 * The outbox as the shell holds it: its code and its `canon-user` database (with Dexie) load on the
 * first use by a signed-in reader, so a guest's screens never load them. Signing in starts syncing.
 */
import type { AuthStore } from "../../auth/authState.ts";
import type * as Mutations from "./mutations.ts";
import type { WriteContext } from "./mutations.ts";
import type { ReadConfigValue } from "./ops.ts";
import type { OutboxDeps, OutboxService, WriteOutcome } from "./service.ts";

export type Outbox = {
  /** The outbox, loading its code and database first when this is the first use. */
  load(): Promise<OutboxService>;
  /** The outbox if it has loaded, else null. */
  loaded(): OutboxService | null;
  /**
   * Stores a write of the signed-in reader; when online, resolves once it is sent or refused. The
   * mutation is handed the mutations module, so a screen need not load it before the first write.
   */
  write(
    mutation: (ctx: WriteContext, mutations: typeof Mutations) => Promise<number | null>,
  ): Promise<WriteOutcome>;
  /** A reading setting as this device knows it, refreshed from the server first when online. */
  readConfig(field: string): Promise<ReadConfigValue | undefined>;
  /** A personal-centre read, kept on this device when fetched and answered from there offline. */
  readThrough<T>(key: string, load: () => Promise<T>): Promise<T>;
  refreshGroups(tripitakaUid: string, signal?: AbortSignal): Promise<void>;
  refreshPins(signal?: AbortSignal): Promise<void>;
  refreshRecentReads(tripitakaUid: string, signal?: AbortSignal): Promise<void>;
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<void>;
  /** Sends what waits now (the reader asked). */
  flush(): Promise<void>;
  /** Loads and starts syncing whenever a reader is signed in (now or later); returns the stop. */
  startWhenSignedIn(): () => void;
};

type ServiceModule = { createOutbox(deps: OutboxDeps): OutboxService; mutations: typeof Mutations };

export function createLazyOutbox(
  deps: OutboxDeps & { auth: AuthStore },
  importService: () => Promise<ServiceModule> = () => import("./service.ts"),
): Outbox {
  let service: OutboxService | null = null;
  let mutations: typeof Mutations | null = null;
  let loading: Promise<OutboxService> | null = null;

  const load = (): Promise<OutboxService> => {
    loading ??= importService().then(
      (module) => {
        mutations = module.mutations;
        service = module.createOutbox(deps);
        return service;
      },
      (error: unknown) => {
        // A chunk that failed to load (offline, before the app was cached) may load later.
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return {
    load,
    loaded: () => service,
    async write(mutation) {
      const loaded = await load();
      const module = mutations as typeof Mutations;
      return loaded.write((ctx) => mutation(ctx, module));
    },
    readConfig: async (field) => (await load()).readConfig(field),
    readThrough: async (key, fetchAnswer) => (await load()).readThrough(key, fetchAnswer),
    refreshGroups: async (tripitakaUid, signal) => (await load()).refreshGroups(tripitakaUid, signal),
    refreshPins: async (signal) => (await load()).refreshPins(signal),
    refreshRecentReads: async (tripitakaUid, signal) =>
      (await load()).refreshRecentReads(tripitakaUid, signal),
    retry: async (seq) => (await load()).retry(seq),
    discard: async (seq) => (await load()).discard(seq),
    flush: async () => (await load()).engine.flush("asked"),
    startWhenSignedIn() {
      let stopped = false;
      let starting = false;
      let stopService: (() => void) | null = null;
      const startIfSignedIn = () => {
        if (stopped || starting || !deps.auth.state().signedIn) return;
        starting = true;
        load().then(
          (loadedService) => {
            if (!stopped) stopService = loadedService.start();
          },
          () => {
            // Not loadable now; the next sign-in tries again.
            starting = false;
          },
        );
      };
      startIfSignedIn();
      const stopAuth = deps.auth.subscribe(startIfSignedIn);
      return () => {
        stopped = true;
        stopAuth();
        stopService?.();
      };
    },
  };
}
