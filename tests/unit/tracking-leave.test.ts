/**
 * LEAVE on its way out and back in: the beacon the page sends as it is left (JSON as text/plain
 * to /v1/track, falling back when the browser refuses it), and the stay as the access log shows it.
 */
import { describe, expect, it } from "vitest";
import type { TrackingPayload } from "../../contract/tracking.ts";
import { beaconTrackingEvent } from "../../src/api/tracking.ts";
import { stayDuration } from "../../src/features/admin/access-log/stayDuration.ts";

const leave: TrackingPayload = {
  anonymous_uuid: "5b0c3c9e-2f7a-4a35-9d2e-1f8f3d7f8a10",
  tripitaka_uid: "JS",
  timezone: "Asia/Shanghai",
  terminal: "PC",
  event_id: "LEAVE",
  url: "/scroll/JS0001_001",
  extra: { reel_uid: "JS0001_001", duration: 12_000 },
};

describe("the LEAVE beacon", () => {
  it("queues the payload as a JSON string for /v1/track", () => {
    const queued: [string, unknown][] = [];
    const navigator = {
      sendBeacon: (url: string | URL, data?: BodyInit | null) => {
        queued.push([String(url), data]);
        return true;
      },
    };
    expect(beaconTrackingEvent(navigator, leave)).toBe(true);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.[0]).toBe("/v1/track");
    expect(typeof queued[0]?.[1]).toBe("string");
    expect(JSON.parse(String(queued[0]?.[1]))).toEqual(leave);
  });

  it("answers false when the browser will not queue it or has no beacons", () => {
    expect(beaconTrackingEvent({ sendBeacon: () => false }, leave)).toBe(false);
    const throwing = {
      sendBeacon: (): boolean => {
        throw new TypeError("sendBeacon is not a function");
      },
    };
    expect(beaconTrackingEvent(throwing, leave)).toBe(false);
  });
});

describe("a stay as the access log shows it", () => {
  it.each([
    [0, "zh-CN", "0秒"],
    [12_400, "zh-CN", "12秒"],
    [303_000, "zh-CN", "5分钟 3秒"],
    [300_000, "zh-CN", "5分钟"],
    [3_903_000, "zh-CN", "1小时 5分钟"],
    [7_200_000, "zh-CN", "2小时"],
    [303_000, "zh-TW", "5 分鐘 3 秒"],
    [3_903_000, "zh-TW", "1 小時 5 分鐘"],
    [12_400, "en", "12 sec"],
    [303_000, "en", "5 min 3 sec"],
    [3_903_000, "en", "1 hr 5 min"],
  ])("%i ms in %s reads %s", (ms, locale, shown) => {
    expect(stayDuration(ms, locale)).toBe(shown);
  });
});
