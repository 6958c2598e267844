/** The toaster (one toast at a time) and the 429 modal that show what the notice inbox receives. */
import { Button, Toast, Toaster, ToastTitle, useId, useToastController } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { apiMessages } from "../../i18n/messages.ts";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import type { NoticeInbox } from "./noticeInbox.ts";

export function NoticeHost({ inbox }: { inbox: NoticeInbox }) {
  const { i18n } = useLingui();
  const toasterId = useId("notices");
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  const [rateLimited, setRateLimited] = useState(false);

  // The Toaster's own effect (a child's) has run by now, so toasts dispatched here reach it.
  useEffect(
    () =>
      inbox.attach((notice) => {
        if (notice.kind === "rateLimited") {
          setRateLimited(true);
          return;
        }
        dismissAllToasts();
        dispatchToast(
          <Toast>
            <ToastTitle>{notice.text}</ToastTitle>
          </Toast>,
          { intent: notice.intent, timeout: notice.intent === "error" ? 4000 : 2500 },
        );
      }),
    [inbox, dispatchToast, dismissAllToasts],
  );

  return (
    <>
      {/* At the bottom: a notice never covers the header and its menus. */}
      <Toaster toasterId={toasterId} position="bottom" limit={1} />
      <ModalDialog
        open={rateLimited}
        alert
        title={i18n._(apiMessages.rateLimitedTitle)}
        onClose={() => setRateLimited(false)}
        actions={
          <Button appearance="primary" onClick={() => setRateLimited(false)}>
            {i18n._(apiMessages.rateLimitedButton)}
          </Button>
        }
      >
        {i18n._(apiMessages.rateLimitedText)}
      </ModalDialog>
    </>
  );
}
