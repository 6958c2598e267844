import { describe, expect, it } from "vitest";
import { askDeviceTimeZone, createTimeZoneReader, TIME_ZONE_KEY } from "../../src/app/shell/timeZone.ts";

function harness(stored: string | null) {
  const data = new Map<string, string>(stored ? [[TIME_ZONE_KEY, stored]] : []);
  let clock = 1_000;
  let zone = "Asia/Shanghai";
  let asked = 0;
  const later: (() => void)[] = [];
  const read = createTimeZoneReader({
    now: () => clock,
    ask: () => {
      asked += 1;
      return zone;
    },
    storage: { getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) },
    later: (work) => later.push(work),
  });
  return {
    read,
    data,
    later,
    asked: () => asked,
    advance: (ms: number) => {
      clock += ms;
    },
    moveTo: (next: string) => {
      zone = next;
    },
  };
}

describe("the request time zone", () => {
  it("starts from the zone last seen, without asking Intl, and asks once the page has started", () => {
    const h = harness("Europe/Paris");
    expect(h.read()).toBe("Europe/Paris");
    expect(h.asked()).toBe(0);
    for (const work of h.later) work();
    expect(h.read()).toBe("Asia/Shanghai");
    expect(h.data.get(TIME_ZONE_KEY)).toBe("Asia/Shanghai");
    expect(h.asked()).toBe(1);
  });

  it("asks Intl at once when none was seen, keeps it, and asks again at most once a minute", () => {
    const h = harness(null);
    expect(h.read()).toBe("Asia/Shanghai");
    expect(h.data.get(TIME_ZONE_KEY)).toBe("Asia/Shanghai");
    expect(h.later).toEqual([]);
    h.moveTo("America/New_York");
    h.advance(59_000);
    expect(h.read()).toBe("Asia/Shanghai");
    h.advance(2_000);
    expect(h.read()).toBe("America/New_York");
    expect(h.asked()).toBe(2);
  });

  it("names the device's zone by Temporal where the browser has it, else by Intl", () => {
    const holder = globalThis as { Temporal?: unknown };
    const had = Object.hasOwn(holder, "Temporal");
    const before = holder.Temporal;
    try {
      holder.Temporal = { Now: { timeZoneId: () => "Asia/Taipei" } };
      expect(askDeviceTimeZone()).toBe("Asia/Taipei");
      holder.Temporal = { Now: {} };
      expect(askDeviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      if (had) holder.Temporal = before;
      else delete holder.Temporal;
    }
  });
});
