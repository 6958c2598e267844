/**
 * The outbox tests' set-up: the real app listening on a port behind a TCP relay that can cut the
 * connection (no answer), drop the answer after the server applied the request, or stand in for a
 * gateway whose server is down (503); and the web app's outbox (API client, sign-in state, network
 * state probing the server's health route through the relay, sync engine) over fake-indexeddb,
 * with a clock and timers the test moves by hand.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { connect, createServer, type Server, type Socket } from "node:net";
import { HEALTH_PATH } from "../../contract/health.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { type ApiEvents, type ApiNotice, createEmitter } from "../../src/api/events.ts";
import { type AuthStore, createAuthStore } from "../../src/auth/authState.ts";
import { createNetworkState, type NetworkState, probeServer } from "../../src/offline/network.ts";
import { createOutbox, type OutboxService } from "../../src/offline/outbox/service.ts";
import { openUserDb } from "../../src/offline/userData/db.ts";
import { type HandClock, handClock } from "../support/hand-clock.ts";
import { memoryStorage } from "../support/memory-storage.ts";
import { switchableWindow } from "../support/switchable-window.ts";

export { type HandClock, handClock };

export type RelayMode = "up" | "down" | "dropAnswers" | "gatewayDown";

export type Relay = { port: number; mode: RelayMode; close(): Promise<void> };

const GATEWAY_DOWN =
  "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

/** A TCP relay to `target`; each request and answer chunk obeys the mode current when it passes. */
export async function startRelay(target: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const relay: Relay = { port: 0, mode: "up", close: async () => undefined };
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (relay.mode === "down") {
      client.destroy();
      return;
    }
    const upstream = connect(target, "127.0.0.1");
    sockets.add(upstream);
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.on("data", (chunk) => {
      if (relay.mode === "down") client.destroy();
      else if (relay.mode === "gatewayDown") client.end(GATEWAY_DOWN);
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (relay.mode === "dropAnswers") upstream.destroy();
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  relay.port = (server.address() as AddressInfo).port;
  relay.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return relay;
}

/** The web app's API client for `baseUrl` (…/v1), signed in with `token`. */
export function apiClientFor(baseUrl: string, token: string): ApiClient {
  const tokens = createAuthStore(memoryStorage());
  tokens.set(token);
  return createApiClient({ prefixUrl: baseUrl, tokens, events: createEmitter(), timeZone: () => "UTC" });
}

/** What the browser's window gives the network state: `navigator.onLine` and its events. */
export type Connectivity = { goOffline(): void; goOnline(): void };

export type Device = {
  outbox: OutboxService;
  auth: AuthStore;
  network: NetworkState;
  connectivity: Connectivity;
  clock: HandClock;
  notices: ApiNotice[];
  /** Stops syncing and deletes the device's database. */
  close(): Promise<void>;
};

let devices = 0;

/** One reader's device: the web app's outbox talking to `baseUrl` (…/v1) as `token`'s user. */
export function openDevice(baseUrl: string, token: string, start = Date.UTC(2026, 0, 1)): Device {
  const { win, ...connectivity } = switchableWindow();
  const clock = handClock(start);
  const origin = new URL(baseUrl).origin;
  const network = createNetworkState(win, { probe: () => probeServer(`${origin}${HEALTH_PATH}`), clock });
  const auth = createAuthStore(memoryStorage());
  auth.set(token);
  const events = createEmitter<ApiEvents>();
  const notices: ApiNotice[] = [];
  events.on("notice", (notice) => notices.push(notice));
  const api = createApiClient({ prefixUrl: baseUrl, tokens: auth, events, timeZone: () => "Asia/Shanghai" });
  devices += 1;
  const db = openUserDb(`canon-user-test-${devices}`);
  const outbox = createOutbox({
    api,
    auth,
    events,
    network,
    db,
    clock,
    random: () => 0.5,
    newKey: randomUUID,
  });
  const stop = outbox.start();
  return {
    outbox,
    auth,
    network,
    connectivity,
    clock,
    notices,
    async close() {
      stop();
      await outbox.engine.idle();
      db.close();
      await db.delete();
    },
  };
}
