/** The header's quiet sign that the app is offline; nothing while online. */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
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
    // A plain title, not a Fluent tooltip: the shell would load the positioning code for it.
    <Text
      role="status"
      data-offline-sign
      className={mergeClasses(styles.root, className)}
      title={i18n._(pwaText.offlineHint)}
      aria-description={i18n._(pwaText.offlineHint)}
    >
      <CloudOffRegular aria-hidden />
      {i18n._(pwaText.offline)}
    </Text>
  );
}
