/**
 * The profile edit modal (spec sections 2 and 9): 420 px wide, an alert dialog so a click on the
 * mask does not close it; a submit button unless the edit has none (WeChat).
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import { personalText as t } from "./messages.ts";

const useStyles = makeStyles({
  surface: { width: "420px", maxWidth: "calc(100vw - 32px)" },
  content: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

/** What every edit dialog gets: the profile shown, and what to do after a saved edit or a cancel. */
export type EditDialogProps = {
  profile: Profile;
  /** Called with the access token the edit answered. */
  onDone(token: string): void;
  onClose(): void;
};

export function EditDialog(props: {
  title: MessageDescriptor;
  onClose(): void;
  /** Absent for dialogs without a submit button (WeChat). */
  onSubmit?: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface className={styles.surface}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit?.();
          }}
        >
          <DialogBody>
            <DialogTitle>{i18n._(props.title)}</DialogTitle>
            <DialogContent className={styles.content}>{props.children}</DialogContent>
            <DialogActions>
              <Button onClick={props.onClose}>{i18n._(t.cancel)}</Button>
              {props.onSubmit && (
                <Button appearance="primary" type="submit" disabled={props.busy}>
                  {i18n._(t.submit)}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
