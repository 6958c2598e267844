/** The five counters of the chosen range (spec sections 2, 3), large counts in ten-thousands. */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { OplogCount } from "../../../../contract/oplog.ts";
import { OPLOG_INDICATORS } from "../../../../contract/oplog-rules.ts";
import { countText } from "../../../i18n/translate.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { showCounter } from "./counterFormat.ts";
import { indicatorText, statisticsText as t } from "./text.ts";

const useStyles = makeStyles({
  tiles: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  tile: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: { margin: 0 },
});

export function CounterTiles(props: { count: OplogCount }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <dl className={styles.tiles} aria-label={i18n._(t.counters)} data-counters>
      {OPLOG_INDICATORS.map((indicator) => (
        <div
          key={indicator}
          className={mergeClasses(stack.xs, styles.tile)}
          data-counter={indicator}
          data-value={props.count[indicator]}
        >
          <dt>
            <Text size={300}>{i18n._(indicatorText[indicator])}</Text>
          </dt>
          <dd className={styles.value}>
            <Text size={700} weight="semibold" title={String(props.count[indicator])}>
              {countText(i18n, showCounter(i18n, props.count[indicator]))}
            </Text>
          </dd>
        </div>
      ))}
    </dl>
  );
}
