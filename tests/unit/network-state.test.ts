/**
 * The app's network state on an injected clock: what the browser says, and a lost connection as a
 * suspicion the probe settles (at once, then backed off from 2 s to 1 min while it fails).
 */
import { describe, expect, it } from "vitest";
import { createNetworkState, PROBE_CAP_MS, probeDelayMs } from "../../src/offline/network.ts";
import { handClock } from "../support/hand-clock.ts";

/** Lets the probe's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(onLine = true) {
  const win = Object.assign(new EventTarget(), { navigator: { onLine } });
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
  const clock = handClock(Date.UTC(2026, 0, 1));
  /** The probe's answers, in order; a probe past them gets none. */
  const answers: boolean[] = [];
  let probes = 0;
  const network = createNetworkState(Object.assign(win, { document: doc }), {
    clock,
    probe: async () => {
      probes += 1;
      return answers.shift() ?? false;
    },
  });
  const changes: boolean[] = [];
  network.subscribe(() => changes.push(network.isOnline()));
  let seen = 0;
  network.onServerSeen(() => {
    seen += 1;
  });
  const browser = (online: boolean) => {
    win.navigator.onLine = online;
    win.dispatchEvent(new Event(online ? "online" : "offline"));
  };
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event("visibilitychange"));
  };
  return {
    network,
    clock,
    answers,
    changes,
    browser,
    show,
    probes: () => probes,
    seen: () => seen,
  };
}

describe("the network state", () => {
  it("follows the browser's online and offline events", () => {
    const { network, browser, changes } = setUp(false);
    expect(network.isOnline()).toBe(false);
    browser(true);
    browser(false);
    expect(changes).toEqual([true, false]);
  });

  it("stays online after a lost connection when the probe finds the server", async () => {
    const { network, answers, changes, probes, seen } = setUp();
    answers.push(true);
    network.reportUnreachable();
    expect(network.isOnline()).toBe(true);
    await settle();
    expect(probes()).toBe(1);
    expect(seen()).toBe(1);
    expect(changes).toEqual([]);
  });

  it("goes offline when the probe fails, probes again backed off, and comes back on the first answer", async () => {
    const { network, clock, answers, changes, probes, seen } = setUp();
    network.reportUnreachable();
    await settle();
    expect(network.isOnline()).toBe(false);
    expect(clock.delays).toEqual([2_000]);

    clock.advance(2_000);
    await settle();
    expect(probes()).toBe(2);
    expect(clock.delays).toEqual([2_000, 4_000]);
    // A second failed request changes nothing while the probes run.
    network.reportUnreachable();
    await settle();
    expect(probes()).toBe(2);

    answers.push(true);
    clock.advance(4_000);
    await settle();
    expect(probes()).toBe(3);
    expect(network.isOnline()).toBe(true);
    expect(changes).toEqual([false, true]);
    expect(seen()).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it("backs its probes off up to one minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(probeDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(probeDelayMs(40)).toBe(PROBE_CAP_MS);
  });

  it("ends a suspicion when any request gets an answer", async () => {
    const { network, clock, changes, seen } = setUp();
    network.reportUnreachable();
    await settle();
    expect(network.isOnline()).toBe(false);
    network.reportReachable();
    expect(network.isOnline()).toBe(true);
    expect(seen()).toBe(1);
    expect(changes).toEqual([false, true]);
    expect(clock.pending()).toBe(0);
    // Without a suspicion an answer tells nobody anything.
    network.reportReachable();
    expect(seen()).toBe(1);
  });

  it("waits before the first probe of a suspicion raised soon after the last one ended", async () => {
    const { network, clock, answers, probes } = setUp();
    answers.push(true);
    network.reportUnreachable();
    await settle();
    expect(probes()).toBe(1);

    // The server answers probes but keeps losing other requests: its listeners are not hurried.
    clock.advance(1_000);
    answers.push(true);
    network.reportUnreachable();
    await settle();
    expect(probes()).toBe(1);
    clock.advance(2_000);
    await settle();
    expect(probes()).toBe(2);

    answers.push(true);
    network.reportUnreachable();
    clock.advance(3_999);
    await settle();
    expect(probes()).toBe(2);
    clock.advance(1);
    await settle();
    expect(probes()).toBe(3);

    // A minute later a lost connection is probed at once again.
    clock.advance(PROBE_CAP_MS);
    answers.push(true);
    network.reportUnreachable();
    await settle();
    expect(probes()).toBe(4);
  });

  it("takes the browser's word over a suspicion, and probes nothing while the browser is offline", async () => {
    const { network, clock, browser, probes } = setUp();
    network.reportUnreachable();
    await settle();
    expect(network.isOnline()).toBe(false);
    browser(true);
    expect(network.isOnline()).toBe(true);
    expect(clock.pending()).toBe(0);

    browser(false);
    network.reportUnreachable();
    await settle();
    expect(probes()).toBe(1);
  });

  it("probes when the tab shows again or the reader asks, not waiting for a slowed timer", async () => {
    const { network, clock, answers, show, probes } = setUp();
    network.reportUnreachable();
    await settle();
    show("hidden");
    await settle();
    expect(probes()).toBe(1);
    show("visible");
    await settle();
    expect(probes()).toBe(2);
    answers.push(true);
    network.recheck();
    await settle();
    expect(probes()).toBe(3);
    expect(network.isOnline()).toBe(true);
    expect(clock.pending()).toBe(0);
  });
});
