/**
 * Asks before leaving a form with unsaved changes: the router's blocker for moves inside the app
 * (links, back and forward), the browser's own prompt for closing or reloading the page.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useBlocker } from "@tanstack/react-router";
import { articleFormText as t } from "./text.ts";

export function LeaveGuard(props: { when: boolean }) {
  const { i18n } = useLingui();
  const blocker = useBlocker({
    shouldBlockFn: () => props.when,
    enableBeforeUnload: () => props.when,
    withResolver: true,
  });
  if (blocker.status !== "blocked") return null;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && blocker.reset()}>
      <DialogSurface data-leave-confirm>
        <DialogBody>
          <DialogTitle>{i18n._(t.leaveTitle)}</DialogTitle>
          <DialogContent>{i18n._(t.leaveText)}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={blocker.reset} data-leave-stay>
              {i18n._(t.stay)}
            </Button>
            <Button onClick={blocker.proceed} data-leave-proceed>
              {i18n._(t.leave)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
