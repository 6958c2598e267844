/**
 * The "download for offline" entry of a sutra, group, category or tripitaka: a button showing
 * whether that scope is downloaded (or how far its download is), opening the download dialog.
 */
import { Button, type ButtonProps, Tooltip } from "@fluentui/react-components";
import { ArrowDownloadRegular, CheckmarkCircleRegular } from "@fluentui/react-icons";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { DownloadScope } from "../../../contract/offline-library.ts";
import { tr } from "../../i18n/translate.ts";
import { DownloadDialog } from "./DownloadDialog.tsx";
import { downloadText as t } from "./messages.ts";
import { useDownloadOf } from "./queries.ts";

export type DownloadButtonProps = {
  tripitakaUid: string;
  scope: DownloadScope;
  /** The scope's name, for the dialog's title. */
  title: string;
  /** What the button offers, e.g. "download this sutra for offline reading". */
  action: MessageDescriptor;
  size?: ButtonProps["size"];
  /** Only the icon (with the action as its label and tooltip). */
  iconOnly?: boolean;
  /** Opens the dialog elsewhere (e.g. outside a popover that would close under it) instead of here. */
  onRequest?(): void;
};

export function DownloadButton(props: DownloadButtonProps) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const download = useDownloadOf(props.tripitakaUid, props.scope);
  const action = i18n._(props.action);
  const state =
    download?.status === "complete"
      ? i18n._(t.downloaded)
      : download && download.items_total > 0
        ? tr(i18n, t.downloading, { percent: Math.floor((download.items_done / download.items_total) * 100) })
        : null;
  const icon = download?.status === "complete" ? <CheckmarkCircleRegular /> : <ArrowDownloadRegular />;
  return (
    <>
      <Tooltip content={state ? `${action}（${state}）` : action} relationship="label">
        <Button
          size={props.size ?? "small"}
          appearance="subtle"
          icon={icon}
          data-download-scope={props.scope.kind}
          data-download-status={download?.status ?? "none"}
          onClick={() => (props.onRequest ? props.onRequest() : setOpen(true))}
        >
          {props.iconOnly ? undefined : (state ?? action)}
        </Button>
      </Tooltip>
      {open && (
        <DownloadDialog
          tripitakaUid={props.tripitakaUid}
          scope={props.scope}
          title={props.title}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
