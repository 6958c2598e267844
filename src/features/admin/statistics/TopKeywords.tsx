/** The range's ten most searched full-text keywords, most searched first, with their counts. */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { OplogCount } from "../../../../contract/oplog.ts";
import { tr } from "../../../i18n/translate.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { showCounter } from "./counterFormat.ts";
import { statisticsText as t } from "./text.ts";

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXXL },
  item: { display: "list-item" },
  row: {
    display: "flex",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalL,
    maxWidth: "420px",
  },
  keyword: { overflowWrap: "anywhere" },
  count: { color: tokens.colorNeutralForeground3, whiteSpace: "nowrap" },
});

export function TopKeywords(props: { keywords: OplogCount["fulltext_search"] }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { keywords, counts } = props.keywords;
  if (keywords.length === 0) return <Text data-top-keywords-empty>{i18n._(t.noKeywords)}</Text>;
  return (
    <ol className={mergeClasses(stack.xs, styles.list)} aria-label={i18n._(t.topKeywords)} data-top-keywords>
      {keywords.map((keyword, index) => {
        const count = counts[index] ?? 0;
        return (
          <li key={keyword} className={styles.item} data-keyword={keyword} data-count={count}>
            <span className={styles.row}>
              <Text className={styles.keyword}>{keyword}</Text>
              <Text className={styles.count}>
                {tr(i18n, t.searchedTimes, { count: showCounter(i18n, count) })}
              </Text>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
