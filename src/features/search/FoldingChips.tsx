/**
 * The foldings of fuzzy search on the result list: on a snippet, a chip for each folding its hits
 * needed (variant, traditional/simplified, gaiji), with a tooltip saying what it matched; clicking
 * a chip switches that folding off and the search runs again without it. Above the results, the
 * foldings switched off, each a chip that switches it back on.
 */
import {
  InteractionTag,
  InteractionTagPrimary,
  makeStyles,
  Tag,
  TagGroup,
  Text,
  Tooltip,
  tokens,
} from "@fluentui/react-components";
import { ArrowUndoRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { type Folding, isFolding } from "../../../contract/search-options.ts";
import { tr } from "../../i18n/translate.ts";
import { foldingHelp, foldingsText, foldingText } from "./messages.ts";

const useStyles = makeStyles({
  off: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  offLabel: { color: tokens.colorNeutralForeground3 },
  offName: { textDecorationLine: "line-through" },
});

/** The foldings a snippet's hits needed; none in exact mode or when every hit reads as the keyword. */
export function SnippetFoldings(props: {
  foldings: readonly Folding[] | undefined;
  onSwitchOff(folding: Folding): void;
}) {
  const { i18n } = useLingui();
  const { foldings, onSwitchOff } = props;
  if (!foldings || foldings.length === 0) return null;
  return (
    <TagGroup
      size="extra-small"
      aria-label={i18n._(foldingsText.used)}
      data-snippet-foldings={foldings.join(",")}
      onDismiss={(_, data) => {
        if (isFolding(data.value)) onSwitchOff(data.value);
      }}
    >
      {foldings.map((folding) => (
        <Tooltip key={folding} content={i18n._(foldingHelp[folding])} relationship="description">
          <Tag value={folding} appearance="brand" dismissible data-folding={folding}>
            {i18n._(foldingText[folding])}
          </Tag>
        </Tooltip>
      ))}
    </TagGroup>
  );
}

/** The foldings switched off, each a chip switching it on again; nothing when none is off. */
export function FoldingsOff(props: { off: readonly Folding[]; onSwitchOn(folding: Folding): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  if (props.off.length === 0) return null;
  return (
    <div className={styles.off} data-foldings-off={props.off.join(",")}>
      <Text size={200} className={styles.offLabel}>
        {i18n._(foldingsText.off)}
      </Text>
      <TagGroup size="extra-small" aria-label={i18n._(foldingsText.off)}>
        {props.off.map((folding) => {
          const label = tr(i18n, foldingsText.switchOn, { name: i18n._(foldingText[folding]) });
          return (
            <Tooltip key={folding} content={label} relationship="label">
              <InteractionTag value={folding} appearance="outline">
                <InteractionTagPrimary
                  icon={<ArrowUndoRegular />}
                  data-folding-on={folding}
                  onClick={() => props.onSwitchOn(folding)}
                >
                  <span className={styles.offName}>{i18n._(foldingText[folding])}</span>
                </InteractionTagPrimary>
              </InteractionTag>
            </Tooltip>
          );
        })}
      </TagGroup>
    </div>
  );
}
