/** The header's quiet sign that the app is offline; nothing while online. */
import { makeStyles, mergeClasses, Text, Tooltip, tokens } from "@fluentui/react-components";
import { CloudOffRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useOnline } from "../network.ts";
import { pwaText } from "./messages.ts";

const useStyles = makeStyles({
  root: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    fontSize: tokens.fontSizeBase200,
    opacity: 0.9,
  },
});

export function OfflineIndicator({ className }: { className?: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const online = useOnline();
  if (online) return null;
  return (
    <Tooltip content={i18n._(pwaText.offlineHint)} relationship="description">
      <Text role="status" className={mergeClasses(styles.root, className)} tabIndex={0}>
        <CloudOffRegular aria-hidden />
        {i18n._(pwaText.offline)}
      </Text>
    </Tooltip>
  );
}
