/**
 * The operation log's time-zone module: wall times in a zone to instants and back, with daylight
 * saving (America/New_York's 23- and 25-hour days), half-hour zones, and the hour, day and month
 * labels of a range of UTC hours.
 */
import { describe, expect, it } from "vitest";
import { labelIndexOf, labelOfHour, labelsOver } from "../../server/modules/oplog/labels.ts";
import {
  HOUR_MS,
  looksLikeZoneName,
  parseWallTime,
  type WallTime,
  type Zone,
  zoneOf,
} from "../../server/modules/oplog/time-zone.ts";
import { seededRandom } from "../../server/seeded-random.ts";

const zone = (name: string): Zone => {
  const found = zoneOf(name);
  if (!found) throw new Error(`unknown zone ${name}`);
  return found;
};
const wall = (text: string): WallTime => {
  const parsed = parseWallTime(text);
  if (!parsed) throw new Error(`not a wall time: ${text}`);
  return parsed;
};
const iso = (instant: number) => new Date(instant).toISOString();

/** The offset straight from Intl, for checking the module's remembered offsets. */
function intlOffset(name: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: name,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const second = Math.floor(instant / 1000) * 1000;
  return (
    Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - second
  );
}

describe("wall times", () => {
  it.each([
    ["2024-02-29 23:59:59", true],
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2024-13-01", false],
    ["2024-01-01 24:00:00", false],
    ["2024-01-01 12:60:00", false],
    ["2024-1-01", false],
    ["2024-01-01T00:00:00", false],
  ])("%s is a wall time: %s", (text, valid) => {
    expect(parseWallTime(text) !== null).toBe(valid);
  });

  it("tells zone names from nonsense", () => {
    for (const name of [
      "Asia/Shanghai",
      "UTC",
      "Etc/GMT+5",
      "America/Argentina/Buenos_Aires",
      "Mars/Olympus",
    ])
      expect(looksLikeZoneName(name), name).toBe(true);
    for (const name of ["", "../etc", "Asia/", "a b", "+08:00", "x".repeat(80), "Asia/Shang\u0000hai"])
      expect(looksLikeZoneName(name), name).toBe(false);
    expect(zoneOf("Mars/Olympus")).toBeNull();
    expect(zoneOf("asia/shanghai")?.name).toBe("Asia/Shanghai");
  });
});

describe("zones", () => {
  it("reads Asia/Shanghai and UTC wall times as the instants they name", () => {
    expect(iso(zone("Asia/Shanghai").toInstant(wall("2024-03-01")))).toBe("2024-02-29T16:00:00.000Z");
    expect(iso(zone("Asia/Shanghai").toInstant(wall("2024-12-31 23:59:59")))).toBe(
      "2024-12-31T15:59:59.000Z",
    );
    expect(iso(zone("UTC").toInstant(wall("2024-03-01 08:30:00")))).toBe("2024-03-01T08:30:00.000Z");
    expect(zone("Asia/Shanghai").toWall(Date.UTC(2024, 1, 29, 16))).toEqual(wall("2024-03-01"));
  });

  it("gives America/New_York a 23-hour day in March and a 25-hour day in November", () => {
    const ny = zone("America/New_York");
    const length = (day: string, next: string) =>
      (ny.toInstant(wall(next)) - ny.toInstant(wall(day))) / HOUR_MS;
    expect(length("2025-03-09", "2025-03-10")).toBe(23);
    expect(length("2025-11-02", "2025-11-03")).toBe(25);
    expect(length("2025-03-10", "2025-03-11")).toBe(24);
    expect(ny.offsetAt(Date.UTC(2025, 0, 15)) / HOUR_MS).toBe(-5);
    expect(ny.offsetAt(Date.UTC(2025, 6, 15)) / HOUR_MS).toBe(-4);
  });

  it("moves a skipped wall time forward and reads a repeated one as the earlier instant", () => {
    const ny = zone("America/New_York");
    expect(iso(ny.toInstant(wall("2025-03-09 02:30:00")))).toBe("2025-03-09T07:30:00.000Z");
    expect(iso(ny.toInstant(wall("2025-03-09 03:00:00")))).toBe("2025-03-09T07:00:00.000Z");
    expect(iso(ny.toInstant(wall("2025-11-02 01:30:00")))).toBe("2025-11-02T05:30:00.000Z");
    expect(iso(ny.toInstant(wall("2025-11-02 02:00:00")))).toBe("2025-11-02T07:00:00.000Z");
  });

  it("handles half-hour and quarter-hour offsets", () => {
    expect(iso(zone("Asia/Kolkata").toInstant(wall("2025-01-01")))).toBe("2024-12-31T18:30:00.000Z");
    expect(iso(zone("Asia/Kathmandu").toInstant(wall("2025-01-01")))).toBe("2024-12-31T18:15:00.000Z");
    const lordHowe = zone("Australia/Lord_Howe");
    expect(lordHowe.offsetAt(Date.UTC(2025, 0, 15)) / HOUR_MS).toBe(11);
    expect(lordHowe.offsetAt(Date.UTC(2025, 6, 15)) / HOUR_MS).toBe(10.5);
  });

  it("agrees with Intl at random instants, and wall → instant → wall is the identity", () => {
    const random = seededRandom(7);
    const names = [
      "America/New_York",
      "Europe/London",
      "Australia/Lord_Howe",
      "Asia/Shanghai",
      "America/Santiago",
    ];
    for (const name of names) {
      const z = zone(name);
      for (let i = 0; i < 400; i++) {
        const instant = Math.floor(Date.UTC(1990, 0, 1) + random() * 50 * 365 * 86_400_000);
        expect(z.offsetAt(instant), `${name} ${iso(instant)}`).toBe(intlOffset(name, instant));
        const local = z.toWall(instant);
        expect(z.toWall(z.toInstant(local)), `${name} ${iso(instant)}`).toEqual(local);
      }
    }
  });
});

describe("labels", () => {
  const hoursOf = (z: Zone, from: string, to: string) => ({
    start: Math.floor(z.toInstant(wall(from)) / HOUR_MS),
    end: Math.ceil(z.toInstant(wall(to)) / HOUR_MS),
  });

  it("labels every hour of a range with one of the range's labels, in order", () => {
    for (const name of ["America/New_York", "Asia/Shanghai", "Asia/Kolkata", "UTC"]) {
      const z = zone(name);
      const { start, end } = hoursOf(z, "2025-02-20", "2025-04-02");
      for (const unit of ["hour", "day", "month"] as const) {
        const run = labelsOver(z, unit, start, end, 10_000);
        const labels = run?.labels ?? [];
        const seen: string[] = [];
        for (let hour = start; hour < end; hour++) {
          const label = labelOfHour(z, unit, hour);
          if (seen.at(-1) !== label) seen.push(label);
          if (run) expect(labels[labelIndexOf(run, hour)], `${name} ${unit} ${hour}`).toBe(label);
        }
        expect(labels, `${name} ${unit}`).toEqual(seen);
      }
    }
  });

  it("skips the hour daylight saving skips and merges the one it repeats", () => {
    const ny = zone("America/New_York");
    const march = hoursOf(ny, "2025-03-09", "2025-03-10");
    const hours = labelsOver(ny, "hour", march.start, march.end, 100)?.labels ?? [];
    expect(hours).toHaveLength(23);
    expect(hours).not.toContain("2025-03-09 02");
    const november = hoursOf(ny, "2025-11-02", "2025-11-03");
    const fallBack = labelsOver(ny, "hour", november.start, november.end, 100)?.labels ?? [];
    expect(fallBack).toHaveLength(24);
    expect(november.end - november.start).toBe(25);
    expect(labelsOver(ny, "day", march.start, march.end, 100)?.labels).toEqual(["2025-03-09"]);
  });

  it("labels Asia/Shanghai days from 16:00 UTC, and refuses more labels than asked for", () => {
    const shanghai = zone("Asia/Shanghai");
    expect(labelOfHour(shanghai, "day", Date.UTC(2025, 0, 31, 15) / HOUR_MS)).toBe("2025-01-31");
    expect(labelOfHour(shanghai, "day", Date.UTC(2025, 0, 31, 16) / HOUR_MS)).toBe("2025-02-01");
    expect(labelOfHour(shanghai, "month", Date.UTC(2025, 0, 31, 16) / HOUR_MS)).toBe("2025-02");
    expect(labelOfHour(shanghai, "hour", Date.UTC(2025, 0, 31, 16) / HOUR_MS)).toBe("2025-02-01 00");
    const { start, end } = hoursOf(shanghai, "2025-01-01", "2025-01-11");
    expect(labelsOver(shanghai, "day", start, end, 10)?.labels).toHaveLength(10);
    expect(labelsOver(shanghai, "hour", start, end, 239)).toBeNull();
    expect(labelsOver(shanghai, "hour", start, end, 240)?.labels).toHaveLength(240);
  });
});
