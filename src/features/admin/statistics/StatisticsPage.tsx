/**
 * `/admin/statistical` (spec section 2): the chosen range (a quick range, the last 7 days unless
 * chosen, or two days), its five counters and top full-text search keywords, and the trend of the
 * chosen indicators by hour, day or month. Every choice lives in the address, and each change of
 * range, indicators or granularity loads again (spec section 4).
 */
import { Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo } from "react";
import { fetchOplogCount, fetchOplogTrend } from "../../../api/adminOplog.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { LoadStatus } from "../../../ui/Status.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { dayBounds, wallDate } from "../../list-screen/wallTime.ts";
import { useAdminClock } from "../adminClock.ts";
import { CounterTiles } from "./CounterTiles.tsx";
import { RangeBar } from "./RangeBar.tsx";
import {
  printStatisticsSearch,
  rangeDays,
  readStatisticsSearch,
  type StatisticsSearch,
} from "./statisticsSearch.ts";
import { TopKeywords } from "./TopKeywords.tsx";
import { TrendPanel } from "./TrendPanel.tsx";
import { statisticsText as t } from "./text.ts";

export function StatisticsPage() {
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search = useMemo(() => readStatisticsSearch(raw), [raw]);
  const clock = useAdminClock();
  const days = rangeDays(search.range, wallDate(clock.now(), clock.timeZone));
  const times = dayBounds(days.start, days.end);

  const choose = (changes: Partial<StatisticsSearch>) =>
    void navigate({ to: ".", search: printStatisticsSearch({ ...search, ...changes }) });

  const rangeKey = `${times.start}/${times.end}`;
  const count = useLoad(rangeKey, (signal) => fetchOplogCount(api, times, signal));
  const trendQuery = { ...times, time_type: search.time_type, indicators: search.indicators };
  const trend = useLoad(`${rangeKey}/${search.time_type}/${search.indicators.join(",")}`, (signal) =>
    fetchOplogTrend(api, trendQuery, signal),
  );
  const counted = count.data ?? count.latest;

  return (
    <section
      className={stack.xl}
      data-admin-statistics
      data-search={new URLSearchParams(printStatisticsSearch(search)).toString()}
    >
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.adminStatistics)}
      </Text>
      <RangeBar range={search.range} days={days} onChange={(range) => choose({ range })} />
      <div className={stack.m} data-counted={count.loading ? "loading" : count.error ? "failed" : rangeKey}>
        {(!counted || count.error) && <LoadStatus load={count} />}
        {counted && <CounterTiles count={counted} />}
      </div>
      <div className={stack.m}>
        <Text as="h2" size={500} weight="semibold">
          {i18n._(t.topKeywords)}
        </Text>
        {counted && <TopKeywords keywords={counted.fulltext_search} />}
      </div>
      <div className={stack.m}>
        <Text as="h2" size={500} weight="semibold">
          {i18n._(t.trend)}
        </Text>
        <TrendPanel
          indicators={search.indicators}
          timeType={search.time_type}
          load={trend}
          onIndicators={(indicators) => choose({ indicators })}
          onTimeType={(time_type) => choose({ time_type })}
        />
      </div>
    </section>
  );
}
