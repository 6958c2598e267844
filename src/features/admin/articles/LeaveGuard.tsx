/**
 * Asks before leaving a form with unsaved changes: the router's blocker for moves inside the app
 * (links, back and forward), the browser's own prompt for closing or reloading the page.
 */
import { Button } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useBlocker } from "@tanstack/react-router";
import { ModalDialog } from "../../../ui/ModalDialog.tsx";
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
    <ModalDialog
      alert
      title={i18n._(t.leaveTitle)}
      onClose={blocker.reset}
      data-leave-confirm
      actions={
        <>
          <Button appearance="primary" onClick={blocker.reset} data-leave-stay>
            {i18n._(t.stay)}
          </Button>
          <Button onClick={blocker.proceed} data-leave-proceed>
            {i18n._(t.leave)}
          </Button>
        </>
      }
    >
      {i18n._(t.leaveText)}
    </ModalDialog>
  );
}
