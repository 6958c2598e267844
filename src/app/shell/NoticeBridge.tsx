/**
 * Shows what the API client reports: one toast at a time for codes, statuses and "too frequent",
 * the modal for 429, and a 500-style toast for errors nobody caught.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Toast,
  Toaster,
  ToastTitle,
  useId,
  useToastController,
} from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/errors.ts";
import type { ApiNotice } from "../../api/events.ts";
import { errorCodeText } from "../../i18n/errorMessages.ts";
import { apiMessages } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { useServices } from "./services.ts";

/** The toast text of a notice; null for the ones shown as a modal. */
export function noticeText(i18n: I18n, notice: ApiNotice): string | null {
  switch (notice.kind) {
    case "code":
      return errorCodeText(i18n, notice.code, notice.msg);
    case "status":
      return tr(i18n, apiMessages.status, { status: notice.status, statusText: notice.statusText });
    case "tooFrequent":
      return i18n._(apiMessages.tooFrequent);
    case "unexpected":
      return tr(i18n, apiMessages.unexpected, { status: notice.status });
    case "rateLimited":
      return null;
  }
}

export function NoticeBridge() {
  const { i18n } = useLingui();
  const { events } = useServices();
  const toasterId = useId("notices");
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  const [rateLimited, setRateLimited] = useState(false);

  useEffect(() => {
    const toast = (text: string, intent: "error" | "success" = "error") => {
      dismissAllToasts();
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: intent === "error" ? 4000 : 2500 },
      );
    };
    const offSuccess = events.on("success", (text) => toast(text, "success"));
    const offNotice = events.on("notice", (notice) => {
      const text = noticeText(i18n, notice);
      if (text === null) setRateLimited(true);
      else toast(text);
    });
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      if (reason instanceof ApiError && reason.notified) return;
      const message = reason instanceof Error ? reason.message : String(reason);
      toast(tr(i18n, apiMessages.uncaught, { message }));
    };
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      offNotice();
      offSuccess();
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [events, i18n, dispatchToast, dismissAllToasts]);

  return (
    <>
      <Toaster toasterId={toasterId} position="top" limit={1} />
      <Dialog open={rateLimited} onOpenChange={(_, data) => setRateLimited(data.open)} modalType="alert">
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{i18n._(apiMessages.rateLimitedTitle)}</DialogTitle>
            <DialogContent>{i18n._(apiMessages.rateLimitedText)}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setRateLimited(false)}>
                {i18n._(apiMessages.rateLimitedButton)}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
