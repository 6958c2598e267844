/**
 * Shown above the text while the reel is read as a witness: which one, that its readings are
 * marked, and the way back to the base text.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { collationText as t } from "./messages.ts";
import { witnessName } from "./witnessNames.ts";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorPaletteTealForeground2}`,
  },
  hint: { color: tokens.colorNeutralForeground2 },
});

export function ReadingAsBar({ witness, onBase }: { witness: string; onBase(): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <div className={styles.bar} role="status" data-reading-as={witness}>
      <Text>
        {i18n._(t.readingAs)}
        <Text weight="semibold">{witnessName(witness, i18n.locale)}</Text>
      </Text>
      <Text size={200} className={styles.hint}>
        {i18n._(t.readingHint)}
      </Text>
      <Button size="small" appearance="secondary" onClick={onBase} data-back-to-base>
        {i18n._(t.backToBase)}
      </Button>
    </div>
  );
}
