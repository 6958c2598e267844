/**
 * The shell's outbox loads its code and database only for a signed-in reader: never for a guest,
 * at once for a reader signed in at start, on signing in later, and on a first write.
 */
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../src/api/client.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import { createAuthStore, TOKEN_KEY } from "../../src/auth/authState.ts";
import { createNetworkState } from "../../src/offline/network.ts";
import { createLazyOutbox } from "../../src/offline/outbox/lazyOutbox.ts";
import type * as Mutations from "../../src/offline/outbox/mutations.ts";
import type { OutboxDeps, OutboxService, WriteOutcome } from "../../src/offline/outbox/service.ts";
import { memoryStorage } from "../support/memory-storage.ts";

function tokenFor(id: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ id, roles: ["reader"] })}.signature`;
}

/** An outbox service that records what was asked of it (the real one needs IndexedDB). */
function recordingModule() {
  const calls: string[] = [];
  const mutations = { marker: "mutations" } as unknown as typeof Mutations;
  let imports = 0;
  const service = {
    start() {
      calls.push("start");
      return () => calls.push("stop");
    },
    async write(mutation: (ctx: never) => Promise<number | null>): Promise<WriteOutcome> {
      calls.push("write");
      await mutation({} as never);
      return { kind: "merged" };
    },
  } as unknown as OutboxService;
  return {
    calls,
    imports: () => imports,
    load: async () => {
      imports += 1;
      return { mutations, createOutbox: (_deps: OutboxDeps) => service };
    },
    mutations,
  };
}

function setUp(token: string | null) {
  const auth = createAuthStore(memoryStorage(token ? { [TOKEN_KEY]: token } : {}));
  const module = recordingModule();
  const outbox = createLazyOutbox(
    {
      api: {} as ApiClient,
      auth,
      events: createEmitter<ApiEvents>(),
      network: online(),
    },
    module.load,
  );
  return { auth, module, outbox };
}

const online = () =>
  createNetworkState(
    { addEventListener() {}, navigator: { onLine: true } },
    { probe: () => Promise.resolve(true) },
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the lazy outbox", () => {
  it("loads nothing for a guest", async () => {
    const { module, outbox } = setUp(null);
    const stop = outbox.startWhenSignedIn();
    await settle();
    expect(module.imports()).toBe(0);
    expect(outbox.loaded()).toBeNull();
    stop();
  });

  it("loads and starts syncing for a reader signed in at start, once", async () => {
    const { module, outbox, auth } = setUp(tokenFor(7));
    const stop = outbox.startWhenSignedIn();
    await settle();
    auth.set(tokenFor(7));
    await settle();
    expect(module.imports()).toBe(1);
    expect(module.calls).toEqual(["start"]);
    stop();
    expect(module.calls).toEqual(["start", "stop"]);
  });

  it("loads and starts when a guest signs in", async () => {
    const { module, outbox, auth } = setUp(null);
    const stop = outbox.startWhenSignedIn();
    await settle();
    expect(module.imports()).toBe(0);
    auth.set(tokenFor(9));
    await settle();
    expect(module.imports()).toBe(1);
    expect(module.calls).toEqual(["start"]);
    stop();
  });

  it("hands a write the mutations module it loaded", async () => {
    const { module, outbox } = setUp(tokenFor(7));
    let handed: unknown = null;
    await outbox.write(async (_ctx, mutations) => {
      handed = mutations;
      return null;
    });
    expect(handed).toBe(module.mutations);
    expect(module.calls).toEqual(["write"]);
    expect(module.imports()).toBe(1);
  });

  it("tries to load again after a failed chunk load", async () => {
    const auth = createAuthStore(memoryStorage({ [TOKEN_KEY]: tokenFor(7) }));
    const module = recordingModule();
    let fail = true;
    const outbox = createLazyOutbox(
      { api: {} as ApiClient, auth, events: createEmitter<ApiEvents>(), network: online() },
      async () => {
        if (fail) throw new TypeError("Failed to fetch dynamically imported module");
        return module.load();
      },
    );
    await expect(outbox.load()).rejects.toThrow(/dynamically imported/);
    fail = false;
    await expect(outbox.load()).resolves.toBeDefined();
    expect(outbox.loaded()).not.toBeNull();
  });
});
