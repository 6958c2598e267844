/**
 * The trend: which indicators to draw (at least one: clearing the last is refused with a
 * warning), the granularity, and the line chart, loaded on demand with its charting library.
 */
import {
  Checkbox,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { Suspense, useState } from "react";
import type { OplogTrend } from "../../../../contract/oplog.ts";
import {
  OPLOG_INDICATORS,
  OPLOG_TIME_TYPES,
  type OplogIndicator,
  type OplogTimeType,
} from "../../../../contract/oplog-rules.ts";
import { lazyPart } from "../../../ui/lazyPart.tsx";
import { MessageLine } from "../../../ui/MessageLine.tsx";
import { LoadStatus } from "../../../ui/Status.tsx";
import type { Load } from "../../../ui/useLoad.ts";
import { toggleIndicator } from "./statisticsSearch.ts";
import { indicatorText, statisticsText as t, timeTypeText } from "./text.ts";

const TrendChart = lazyPart(() => import("./TrendChart.tsx"), "TrendChart");

const useStyles = makeStyles({
  controls: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-start",
    gap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalS,
  },
  checks: { display: "flex", flexWrap: "wrap" },
  chart: { minHeight: "360px", display: "flex", flexDirection: "column", justifyContent: "center" },
});

export function TrendPanel(props: {
  indicators: readonly OplogIndicator[];
  timeType: OplogTimeType;
  load: Load<OplogTrend>;
  onIndicators(indicators: OplogIndicator[]): void;
  onTimeType(timeType: OplogTimeType): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [warn, setWarn] = useState(false);
  // While the next trend loads the last one stays drawn, with the lines it holds.
  const trend = props.load.data ?? props.load.latest;
  const lines = props.indicators.filter((indicator) => trend?.rows[0]?.[indicator] !== undefined);

  const toggle = (indicator: OplogIndicator, checked: boolean) => {
    const next = toggleIndicator(props.indicators, indicator, checked);
    setWarn(next === null);
    if (next) props.onIndicators(next);
  };

  return (
    <div data-trend={props.load.loading ? "loading" : props.load.error ? "failed" : "ready"}>
      <div className={styles.controls}>
        <Field label={i18n._(t.indicators)}>
          <div className={styles.checks} data-indicators={props.indicators.join(",")}>
            {OPLOG_INDICATORS.map((indicator) => (
              <Checkbox
                key={indicator}
                label={i18n._(indicatorText[indicator])}
                checked={props.indicators.includes(indicator)}
                onChange={(_, data) => toggle(indicator, data.checked === true)}
                data-indicator={indicator}
              />
            ))}
          </div>
        </Field>
        <Field label={i18n._(t.timeType)}>
          <RadioGroup
            layout="horizontal"
            name="time_type"
            value={props.timeType}
            onChange={(_, data) => {
              const chosen = OPLOG_TIME_TYPES.find((type) => type === data.value);
              if (chosen) props.onTimeType(chosen);
            }}
          >
            {OPLOG_TIME_TYPES.map((type) => (
              <Radio key={type} value={type} label={i18n._(timeTypeText[type])} data-time-type={type} />
            ))}
          </RadioGroup>
        </Field>
      </div>
      {warn && (
        <MessageLine intent="warning" data-keep-one-indicator>
          {i18n._(t.keepOneIndicator)}
        </MessageLine>
      )}
      <div className={styles.chart}>
        {(!trend || props.load.error) && <LoadStatus load={props.load} />}
        {trend && trend.labels.length === 0 && <Text data-trend-empty>{i18n._(t.noTrend)}</Text>}
        {trend && trend.labels.length > 0 && (
          <Suspense fallback={<Spinner size="small" />}>
            <TrendChart
              trend={trend}
              lines={lines.map((indicator) => ({
                indicator,
                label: i18n._(indicatorText[indicator]),
              }))}
              label={i18n._(t.trend)}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
