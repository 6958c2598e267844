/**
 * Shown after feedback is sent (or, offline, kept to be sent): thanks, and a link to "my feedback"
 * in a new tab.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { feedbackText as t } from "./messages.ts";

export const MY_FEEDBACK_HREF = "/message?tab=myFeedback";

export function ThanksDialog(props: { open: boolean; queued?: boolean; onClose(): void }) {
  const { i18n } = useLingui();
  return (
    <Dialog open={props.open} onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface data-feedback-thanks>
        <DialogBody>
          <DialogTitle>{i18n._(t.thanksTitle)}</DialogTitle>
          <DialogContent>
            <p>{i18n._(t.thanksText)}</p>
            {props.queued && <p data-feedback-queued>{i18n._(t.queuedText)}</p>}
            <Link href={MY_FEEDBACK_HREF} target="_blank" rel="noopener" data-my-feedback>
              {i18n._(t.viewMine)}
            </Link>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onClose}>
              {i18n._(t.gotIt)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
