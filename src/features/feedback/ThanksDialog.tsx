/**
 * Shown after feedback is sent (or, offline, kept to be sent): thanks, and a link to "my feedback"
 * in a new tab.
 */
import { Button, Link } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { feedbackText as t } from "./messages.ts";

export const MY_FEEDBACK_HREF = "/message?tab=myFeedback";

export function ThanksDialog(props: { open: boolean; queued?: boolean; onClose(): void }) {
  const { i18n } = useLingui();
  return (
    <ModalDialog
      open={props.open}
      title={i18n._(t.thanksTitle)}
      onClose={props.onClose}
      data-feedback-thanks
      actions={
        <Button appearance="primary" onClick={props.onClose}>
          {i18n._(t.gotIt)}
        </Button>
      }
    >
      <p>{i18n._(t.thanksText)}</p>
      {props.queued && <p data-feedback-queued>{i18n._(t.queuedText)}</p>}
      <Link href={MY_FEEDBACK_HREF} target="_blank" rel="noopener" data-my-feedback>
        {i18n._(t.viewMine)}
      </Link>
    </ModalDialog>
  );
}
