/** The bar that offers the waiting new version: reload now, or later. */
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { AppUpdate, UpdateState } from "./appUpdate.ts";
import { pwaText } from "./messages.ts";

const useStyles = makeStyles({
  root: {
    position: "fixed",
    bottom: tokens.spacingVerticalXXL,
    left: "50%",
    transform: "translateX(-50%)",
    zIndex: 1000,
    maxWidth: "min(560px, calc(100vw - 32px))",
    boxShadow: tokens.shadow16,
  },
});

export function UpdateBar({ update, state }: { update: AppUpdate; state: UpdateState }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  if (state === "none") return null;
  const applying = state === "applying";
  return (
    <MessageBar className={styles.root} intent="info" layout="multiline" aria-live="polite">
      <MessageBarBody>
        <MessageBarTitle>{i18n._(pwaText.updateReady)}</MessageBarTitle>
        {i18n._(pwaText.updateHint)}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" disabled={applying} onClick={() => update.accept()}>
          {i18n._(pwaText.reload)}
        </Button>
        <Button disabled={applying} onClick={() => update.dismiss()}>
          {i18n._(pwaText.later)}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
