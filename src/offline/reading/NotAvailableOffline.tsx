/**
 * What a reader or the catalogue drawer shows instead of an error when what it asked for is not
 * downloaded and there is no network: what is missing, the text forms of a reel that are there,
 * a way to the downloads, and, once the network or the server is back, loading it again by itself.
 */
import { Button, Link } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useRouter } from "@tanstack/react-router";
import { type MouseEvent, useEffect, useRef } from "react";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { common } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { Notice } from "../../ui/Notice.tsx";
import { networkState, useOnline } from "../network.ts";
import { storedFormText, offlineReadingText as t } from "./messages.ts";
import type { NotAvailableOffline as NotAvailable, OfflineItem } from "./notAvailable.ts";

/** Where downloads are made and managed. */
export const DOWNLOADS_PATH = "/offline";

function describe(item: OfflineItem) {
  switch (item.kind) {
    case "reel":
      return { message: t.reel, uid: item.uid };
    case "page":
      return { message: t.page, uid: item.uid };
    case "sutra":
      return { message: t.sutra, uid: item.uid };
    case "catalogue":
      return { message: t.catalogue, uid: item.uid };
    case "tripitakas":
      return { message: t.tripitakas, uid: "" };
    case "article":
      return { message: null, uid: item.uid };
  }
}

type Props = {
  error: NotAvailable;
  /** What is missing, in the words of the screen that asked (an article's are in its own catalogue). */
  message?: MessageDescriptor;
  /** Loads again; also called by itself when the network comes back. */
  onRetry?: () => void;
  /** For a reel downloaded in other text forms: read one of those instead. */
  onTextType?: (txtType: TxtType) => void;
};

export function NotAvailableOffline({ error, message: said, onRetry, onTextType }: Props) {
  const { i18n } = useLingui();
  const router = useRouter();
  const online = useOnline();
  const wasOnline = useRef(online);
  const retry = useRef(onRetry);
  retry.current = onRetry;

  useEffect(() => {
    if (online && !wasOnline.current) retry.current?.();
    wasOnline.current = online;
  }, [online]);
  // A lost connection that never made the app offline: the server answering again is the sign.
  useEffect(() => networkState().onServerSeen(() => retry.current?.()), []);

  const { item } = error;
  const { message, uid } = describe(item);
  const storedForms = item.kind === "reel" ? item.stored : [];
  const openDownloads = (event: MouseEvent) => {
    event.preventDefault();
    void router.navigate({ href: DOWNLOADS_PATH });
  };

  return (
    <Notice
      intent="warning"
      data-not-available-offline={item.kind}
      title={i18n._(t.title)}
      actions={
        <>
          <Link href={DOWNLOADS_PATH} onClick={openDownloads} data-offline-downloads>
            {i18n._(t.download)}
          </Link>
          {onRetry && (
            <Button
              size="small"
              onClick={() => {
                networkState().recheck();
                onRetry();
              }}
            >
              {i18n._(online ? t.reload : common.retry)}
            </Button>
          )}
        </>
      }
    >
      {tr(i18n, said ?? message ?? t.title, { uid })}
      {onTextType && storedForms.length > 0 && (
        <>
          {" "}
          {i18n._(t.storedForms)}
          {storedForms.map((form) => (
            <Button
              key={form}
              size="small"
              appearance="transparent"
              data-stored-form={form}
              onClick={() => onTextType(form)}
            >
              {i18n._(storedFormText[form])}
            </Button>
          ))}
        </>
      )}
    </Notice>
  );
}
