/**
 * The statistics screen's range: the quick ranges as toggle buttons and the first and last day
 * as date inputs showing the days the range covers. Picking either day makes a range of days.
 */
import { Field, Input, makeStyles, ToggleButton, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { ArrowToolbar } from "../../../ui/ArrowToolbar.tsx";
import { isWallDate } from "../../list-screen/wallTime.ts";
import { type DayRange, QUICK_RANGES, type QuickRange } from "./quickRanges.ts";
import type { StatisticsRange } from "./statisticsSearch.ts";
import { quickRangeText, statisticsText as t } from "./text.ts";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    gap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  quick: { gap: tokens.spacingHorizontalXS, paddingLeft: 0 },
  day: { width: "170px" },
});

export function RangeBar(props: {
  range: StatisticsRange;
  days: DayRange;
  onChange(range: StatisticsRange): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const quick: QuickRange | null = props.range.kind === "quick" ? props.range.name : null;
  const pickDay = (edge: keyof DayRange, value: string) => {
    if (isWallDate(value)) props.onChange({ kind: "days", ...props.days, [edge]: value });
  };
  return (
    <div className={styles.bar} data-statistics-range={quick ?? `${props.days.start},${props.days.end}`}>
      <ArrowToolbar className={styles.quick} aria-label={i18n._(t.range)}>
        {QUICK_RANGES.map((name) => (
          <ToggleButton
            key={name}
            checked={quick === name}
            appearance={quick === name ? "primary" : "secondary"}
            onClick={() => props.onChange({ kind: "quick", name })}
            data-quick-range={name}
          >
            {i18n._(quickRangeText[name])}
          </ToggleButton>
        ))}
      </ArrowToolbar>
      <Field label={i18n._(t.startDate)} className={styles.day}>
        <Input
          type="date"
          name="start"
          value={props.days.start}
          max={props.days.end}
          onChange={(_, data) => pickDay("start", data.value)}
        />
      </Field>
      <Field label={i18n._(t.endDate)} className={styles.day}>
        <Input
          type="date"
          name="end"
          value={props.days.end}
          min={props.days.start}
          onChange={(_, data) => pickDay("end", data.value)}
        />
      </Field>
    </div>
  );
}
