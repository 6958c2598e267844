/**
 * Shows what the API client reports: one toast at a time for codes, statuses and "too frequent",
 * the modal for 429, and a 500-style toast for errors nobody caught. The toaster and the modal
 * load with the first notice; the notices that arrive meanwhile wait in the inbox.
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { ApiError, isAbort } from "../../api/errors.ts";
import type { ApiNotice } from "../../api/events.ts";
import { errorCodeText } from "../../i18n/errorMessages.ts";
import { apiMessages } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { createNoticeInbox, type ShownNotice } from "./noticeInbox.ts";
import { useServices } from "./services.ts";

const NoticeHost = lazyPart(() => import("./NoticeHost.tsx"), "NoticeHost");

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
  const [inbox] = useState(createNoticeInbox);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const post = (notice: ShownNotice) => {
      inbox.post(notice);
      setWanted(true);
    };
    const toast = (text: string, intent: "error" | "success" = "error") =>
      post({ kind: "toast", text, intent });
    const offSuccess = events.on("success", (text) => toast(text, "success"));
    const offNotice = events.on("notice", (notice) => {
      const text = noticeText(i18n, notice);
      if (text === null) post({ kind: "rateLimited" });
      else toast(text);
    });
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      if ((reason instanceof ApiError && reason.notified) || isAbort(reason)) return;
      const message = reason instanceof Error ? reason.message : String(reason);
      toast(tr(i18n, apiMessages.uncaught, { message }));
    };
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      offNotice();
      offSuccess();
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [events, i18n, inbox]);

  return (
    <WhenWanted wanted={wanted}>
      <NoticeHost inbox={inbox} />
    </WhenWanted>
  );
}
