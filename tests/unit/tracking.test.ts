import { describe, expect, it } from "vitest";
import type { TrackingPayload } from "../../contract/tracking.ts";
import { tripitakaOfPath } from "../../src/app/routes/guards.ts";
import { ANONYMOUS_ID_KEY, createTracker } from "../../src/tracking/tracker.ts";

function setUp(stored: Record<string, string> = {}) {
  const map = new Map(Object.entries(stored));
  const sent: TrackingPayload[] = [];
  const beacons: TrackingPayload[] = [];
  const clock = { now: 1_000, hidden: false };
  let ids = 0;
  const tracker = createTracker({
    storage: {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    },
    send: async (payload) => {
      sent.push(payload);
    },
    beacon: (payload) => void beacons.push(payload),
    now: () => clock.now,
    hidden: () => clock.hidden,
    timeZone: () => "Asia/Shanghai",
    newId: () => `00000000-0000-4000-8000-00000000000${ids++}`,
    tripitakaOf: tripitakaOfPath,
  });
  return { tracker, sent, map, beacons, clock };
}

describe("tracker", () => {
  it("sends BROWSE_PAGE with the payload of spec section 3", () => {
    const { tracker, sent, map } = setUp();
    tracker.browse("/QL?x=1");
    expect(sent).toEqual([
      {
        anonymous_uuid: "00000000-0000-4000-8000-000000000000",
        tripitaka_uid: "QL",
        timezone: "Asia/Shanghai",
        terminal: "PC",
        event_id: "BROWSE_PAGE",
        url: "/QL?x=1",
        extra: {},
      },
    ]);
    expect(map.get(ANONYMOUS_ID_KEY)).toBe("00000000-0000-4000-8000-000000000000");
  });

  it("keeps one anonymous id across events and reuses a stored one", () => {
    const { tracker, sent } = setUp({ [ANONYMOUS_ID_KEY]: "11111111-1111-4111-8111-111111111111" });
    tracker.browse("/JS");
    tracker.track("LOGIN", "/login", { method: "password" });
    expect(sent.map((p) => p.anonymous_uuid)).toEqual([
      "11111111-1111-4111-8111-111111111111",
      "11111111-1111-4111-8111-111111111111",
    ]);
    expect(sent[1]).toMatchObject({ event_id: "LOGIN", extra: { method: "password" } });
  });

  it("counts the same address twice in a row once, and again after another page", () => {
    const { tracker, sent } = setUp();
    tracker.browse("/JS");
    tracker.browse("/JS");
    tracker.browse("/login");
    tracker.browse("/JS");
    expect(sent.map((p) => p.url)).toEqual(["/JS", "/login", "/JS"]);
  });

  it("keeps the current tripitaka on pages that name none, from reading uids too", () => {
    const { tracker, sent } = setUp();
    tracker.browse("/login");
    tracker.browse("/scroll/GL0001_001");
    tracker.browse("/terms");
    expect(sent.map((p) => p.tripitaka_uid)).toEqual(["JS", "GL", "GL"]);
    expect(tracker.currentTripitaka()).toBe("GL");
  });
});

describe("stays", () => {
  const reel = "/scroll/GL0001_001";
  const stays = (beacons: TrackingPayload[]) => beacons.map((p) => [p.event_id, p.url, p.extra]);

  it("sends one LEAVE by beacon with the time stayed when the reader moves on", () => {
    const { tracker, sent, beacons, clock } = setUp();
    const stay = tracker.stay(reel, { reel_uid: "GL0001_001" });
    clock.now += 65_432;
    stay.end();
    stay.end();
    expect(sent).toEqual([]);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]).toMatchObject({
      event_id: "LEAVE",
      url: reel,
      tripitaka_uid: "GL",
      terminal: "PC",
      extra: { reel_uid: "GL0001_001", duration: 65_432 },
    });
  });

  it("sends one LEAVE when the tab is hidden and then closed", () => {
    const { tracker, beacons, clock } = setUp();
    const stay = tracker.stay(reel, { reel_uid: "GL0001_001" });
    clock.now += 5_000;
    tracker.pageHidden();
    clock.now += 60_000;
    tracker.pageHidden();
    stay.end();
    expect(stays(beacons)).toEqual([["LEAVE", reel, { reel_uid: "GL0001_001", duration: 5_000 }]]);
  });

  it("starts a new stay on the same reel when the tab is shown again", () => {
    const { tracker, beacons, clock } = setUp();
    const stay = tracker.stay(reel, { reel_uid: "GL0001_001" });
    clock.now += 2_000;
    tracker.pageHidden();
    clock.now += 600_000;
    tracker.pageShown();
    tracker.pageShown();
    clock.now += 3_000;
    stay.end();
    expect(stays(beacons)).toEqual([
      ["LEAVE", reel, { reel_uid: "GL0001_001", duration: 2_000 }],
      ["LEAVE", reel, { reel_uid: "GL0001_001", duration: 3_000 }],
    ]);
  });

  it("counts a stay opened in a hidden tab from when the tab is shown", () => {
    const { tracker, beacons, clock } = setUp();
    clock.hidden = true;
    const stay = tracker.stay("/page/JS_1_1a", { page_uid: "JS_1_1a" });
    clock.now += 30_000;
    tracker.pageHidden();
    expect(beacons).toEqual([]);
    tracker.pageShown();
    clock.now += 1_500;
    stay.end();
    expect(stays(beacons)).toEqual([["LEAVE", "/page/JS_1_1a", { page_uid: "JS_1_1a", duration: 1_500 }]]);
  });

  it("ends the open stay when another starts, once", () => {
    const { tracker, beacons, clock } = setUp();
    const first = tracker.stay(reel, { reel_uid: "GL0001_001" });
    clock.now += 1_000;
    const second = tracker.stay("/scroll/GL0001_002", { reel_uid: "GL0001_002" });
    clock.now += 4_000;
    first.end();
    second.end();
    expect(stays(beacons)).toEqual([
      ["LEAVE", reel, { reel_uid: "GL0001_001", duration: 1_000 }],
      ["LEAVE", "/scroll/GL0001_002", { reel_uid: "GL0001_002", duration: 4_000 }],
    ]);
  });

  it("sends nothing for a page hidden or shown with no stay open", () => {
    const { tracker, beacons } = setUp();
    tracker.pageHidden();
    tracker.pageShown();
    tracker.stay(reel, { reel_uid: "GL0001_001" }).end();
    tracker.pageHidden();
    expect(beacons).toHaveLength(1);
  });
});
