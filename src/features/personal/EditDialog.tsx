/**
 * The profile edit modal (spec sections 2 and 9): 420 px wide, an alert dialog so a click on the
 * mask does not close it; a submit button unless the edit has none (WeChat).
 */
import { makeStyles } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import { FormDialog } from "../../ui/ModalDialog.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { personalText as t } from "./messages.ts";

const useStyles = makeStyles({
  surface: { width: "420px", maxWidth: "calc(100vw - 32px)" },
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
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <FormDialog
      title={i18n._(props.title)}
      onClose={props.onClose}
      onSubmit={() => props.onSubmit?.()}
      busy={props.busy}
      cancelText={i18n._(t.cancel)}
      submitText={props.onSubmit && i18n._(t.submit)}
      className={styles.surface}
      contentClassName={stack.m}
    >
      {props.children}
    </FormDialog>
  );
}
