import { describe, expect, it } from "vitest";
import type { TrackingPayload } from "../../contract/tracking.ts";
import { tripitakaOfPath } from "../../src/app/routes/guards.ts";
import { ANONYMOUS_ID_KEY, createTracker } from "../../src/tracking/tracker.ts";

function setUp(stored: Record<string, string> = {}) {
  const map = new Map(Object.entries(stored));
  const sent: TrackingPayload[] = [];
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
    timeZone: () => "Asia/Shanghai",
    newId: () => `00000000-0000-4000-8000-00000000000${ids++}`,
    tripitakaOf: tripitakaOfPath,
  });
  return { tracker, sent, map };
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
