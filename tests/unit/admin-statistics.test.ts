/**
 * The statistics screen's rules: quick ranges counted from a given instant on the clock of a given
 * time zone, the choices kept in the address, the indicators (never none), and how counters show.
 */
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { showCounter } from "../../src/features/admin/statistics/counterFormat.ts";
import { quickRangeDays, quickRangeTimes } from "../../src/features/admin/statistics/quickRanges.ts";
import {
  printStatisticsSearch,
  rangeDays,
  readStatisticsSearch,
  toggleIndicator,
  validateStatisticsSearch,
} from "../../src/features/admin/statistics/statisticsSearch.ts";
import { countText } from "../../src/i18n/translate.ts";

// 2026-01-01 17:30 UTC: already 2 January in Shanghai, still 1 January in Los Angeles.
const NEW_YEAR = Date.UTC(2026, 0, 1, 17, 30);

describe("the quick ranges", () => {
  it("count whole days back from today on the administrator's clock", () => {
    const zone = "Asia/Shanghai";
    expect(quickRangeTimes("today", NEW_YEAR, zone)).toEqual({
      start: "2026-01-02 00:00:00",
      end: "2026-01-02 23:59:59",
    });
    expect(quickRangeTimes("yesterday", NEW_YEAR, zone)).toEqual({
      start: "2026-01-01 00:00:00",
      end: "2026-01-01 23:59:59",
    });
    expect(quickRangeTimes("last7", NEW_YEAR, zone)).toEqual({
      start: "2025-12-27 00:00:00",
      end: "2026-01-02 23:59:59",
    });
    expect(quickRangeTimes("last30", NEW_YEAR, zone)).toEqual({
      start: "2025-12-04 00:00:00",
      end: "2026-01-02 23:59:59",
    });
    expect(quickRangeTimes("year", NEW_YEAR, zone)).toEqual({
      start: "2026-01-01 00:00:00",
      end: "2026-01-02 23:59:59",
    });
  });

  it("depend on the time zone: the same instant is another day elsewhere", () => {
    const zone = "America/Los_Angeles";
    expect(quickRangeTimes("today", NEW_YEAR, zone).start).toBe("2026-01-01 00:00:00");
    expect(quickRangeTimes("yesterday", NEW_YEAR, zone)).toEqual({
      start: "2025-12-31 00:00:00",
      end: "2025-12-31 23:59:59",
    });
    expect(quickRangeTimes("year", NEW_YEAR, zone)).toEqual({
      start: "2026-01-01 00:00:00",
      end: "2026-01-01 23:59:59",
    });
  });

  it("cross month ends and leap days on the calendar", () => {
    expect(quickRangeDays("last7", "2024-03-02")).toEqual({ start: "2024-02-25", end: "2024-03-02" });
    expect(quickRangeDays("yesterday", "2024-03-01")).toEqual({ start: "2024-02-29", end: "2024-02-29" });
    expect(quickRangeDays("last30", "2023-03-01")).toEqual({ start: "2023-01-31", end: "2023-03-01" });
  });
});

describe("the statistics screen's address", () => {
  it("is empty for the defaults: the last 7 days, visits, by day", () => {
    const search = readStatisticsSearch({});
    expect(search).toEqual({
      range: { kind: "quick", name: "last7" },
      indicators: ["count"],
      time_type: "day",
    });
    expect(printStatisticsSearch(search)).toEqual({});
  });

  it("keeps a quick range, two days, the indicators in a fixed order and the granularity", () => {
    const printed = validateStatisticsSearch({
      range: "last30",
      indicators: "ip, login,nonsense",
      time_type: "hour",
    });
    expect(printed).toEqual({ range: "last30", indicators: "login,ip", time_type: "hour" });
    expect(validateStatisticsSearch(printed)).toEqual(printed);

    const days = readStatisticsSearch({ start: "2026-03-10", end: "2026-03-01", range: "today" });
    expect(days.range).toEqual({ kind: "days", start: "2026-03-01", end: "2026-03-10" });
    expect(printStatisticsSearch(days)).toEqual({ start: "2026-03-01", end: "2026-03-10" });
  });

  it("drops what it does not know: no such day, range or granularity, no indicator", () => {
    expect(
      readStatisticsSearch({
        start: "2026-02-30",
        end: "2026-03-01",
        range: "week",
        time_type: "year",
        indicators: "",
      }),
    ).toEqual({ range: { kind: "quick", name: "last7" }, indicators: ["count"], time_type: "day" });
  });

  it("names the days a range covers", () => {
    expect(rangeDays({ kind: "quick", name: "today" }, "2026-05-04")).toEqual({
      start: "2026-05-04",
      end: "2026-05-04",
    });
    expect(rangeDays({ kind: "days", start: "2026-01-01", end: "2026-01-31" }, "2026-05-04")).toEqual({
      start: "2026-01-01",
      end: "2026-01-31",
    });
  });
});

describe("the trend's indicators", () => {
  it("are ticked and cleared in the contract's order, and the last one cannot be cleared", () => {
    expect(toggleIndicator(["count"], "ip", true)).toEqual(["count", "ip"]);
    expect(toggleIndicator(["ip"], "anonymous", true)).toEqual(["anonymous", "ip"]);
    expect(toggleIndicator(["count", "ip"], "count", false)).toEqual(["ip"]);
    expect(toggleIndicator(["ip"], "ip", false)).toBeNull();
  });
});

describe("a counter", () => {
  it("shows in ten-thousands with one decimal past 10,000 in Chinese, grouped digits otherwise and in English", () => {
    const zh = setupI18n({ locale: "zh-CN", messages: { "zh-CN": {} } });
    const shown = (i18n: typeof zh, count: number) => countText(i18n, showCounter(i18n, count));
    expect(showCounter(zh, 12_345)).toBe("1.2万");
    expect(shown(zh, 10_000)).toBe("10,000");
    expect(shown(zh, 987)).toBe("987");
    expect(showCounter(zh, 1_250_000)).toBe("125.0万");
    const tw = setupI18n({
      locale: "zh-TW",
      messages: { "zh-TW": { "admin.statistics.tenThousands": "{count}萬" } },
    });
    expect(showCounter(tw, 45_678)).toBe("4.6萬");
    const en = setupI18n({ locale: "en", messages: { en: {} } });
    expect(shown(en, 45_678)).toBe("45,678");
  });
});
