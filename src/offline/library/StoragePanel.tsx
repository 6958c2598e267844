/**
 * `/offline`: the storage panel. Each download with its scope, text forms, images, status and
 * progress, stored size and date, to pause, resume or delete; the site's storage use and quota as
 * the browser estimates them; persistent storage asked for and shown; a full disk said plainly;
 * and the export of downloads as a pack file and the import of one (a download half installed
 * from a file says so, and goes on when that file is chosen again).
 */
import {
  Button,
  makeStyles,
  mergeClasses,
  ProgressBar,
  TableCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { sutraName } from "../../../contract/names.ts";
import type { StoredDownload } from "../../../contract/offline-library.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { readerText } from "../../features/reader-reel/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { ItemTable, RowActions } from "../../ui/ItemTable.tsx";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useOnline } from "../network.ts";
import { packText } from "../packs/messages.ts";
import { PackButtons, PackDialog, type PackDialogKind, packFileOf } from "../packs/PackDialogs.tsx";
import { cacheOfflineParts } from "../pwa/offlineParts.ts";
import { appDownloadManager } from "./appDownloads.ts";
import { errorText, scopeText, statusText, storageText as t } from "./messages.ts";
import { formatBytes } from "./planParts.ts";
import { useDownloads, useLibraryUsage } from "./queries.ts";
import { shownDate } from "./shownDate.ts";
import { askPersistence, readStorageInfo, type StorageInfo } from "./storageEstimate.ts";

const useStyles = makeStyles({
  persist: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  status: { minWidth: "140px" },
});

function useStorageInfo(changed: unknown): [StorageInfo | null, () => void] {
  const [info, setInfo] = useState<StorageInfo | null>(null);
  const [asked, setAsked] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read whenever the library changes
  useEffect(() => {
    let live = true;
    void readStorageInfo(navigator).then((next) => {
      if (live) setInfo(next);
    });
    return () => {
      live = false;
    };
  }, [changed, asked]);
  return [info, () => setAsked((n) => n + 1)];
}

/** The library's downloads, with the failures this page could not write into it. */
function useShownDownloads(): StoredDownload[] | undefined {
  const { api } = useServices();
  const manager = appDownloadManager(api);
  const stored = useDownloads();
  const unrecorded = useSyncExternalStore(manager.subscribe, manager.unrecorded);
  return stored?.map((download) => {
    const error = unrecorded.get(download.id);
    return error === undefined ? download : { ...download, status: "failed", error };
  });
}

export function StoragePanel() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const downloads = useShownDownloads();
  const usage = useLibraryUsage();
  const [info, reread] = useStorageInfo(usage?.bytes);
  const [refused, setRefused] = useState(false);
  const [packDialog, setPackDialog] = useState<PackDialogKind | null>(null);
  const quotaFull = downloads?.some((d) => d.status === "failed" && d.error === "QUOTA_EXCEEDED") ?? false;

  // A reader here means to read offline: every part of the app is cached for it (when online).
  useEffect(() => {
    void cacheOfflineParts();
  }, []);

  const persist = async () => {
    setRefused(!(await askPersistence(navigator)));
    reread();
  };

  return (
    <section className={stack.l} data-storage-panel>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(t.title)}
      </Text>
      <Text>{i18n._(t.intro)}</Text>
      {quotaFull && (
        <MessageLine intent="error" data-quota-exceeded>
          {i18n._(t.quotaExceeded)}
        </MessageLine>
      )}
      <div className={stack.xs}>
        <Text data-storage-estimate={info?.usage ?? ""}>
          {info?.usage != null && info.quota != null
            ? tr(i18n, t.usage, { usage: formatBytes(info.usage), quota: formatBytes(info.quota) })
            : i18n._(t.usageUnknown)}
        </Text>
        {usage && (
          <Text data-library-bytes={usage.bytes}>
            {tr(i18n, t.library, { size: formatBytes(usage.bytes), count: usage.downloads })}
          </Text>
        )}
        <div className={styles.persist}>
          <Text data-persisted={String(info?.persisted ?? false)}>
            {i18n._(info?.persisted ? t.persisted : t.notPersisted)}
          </Text>
          {!info?.persisted && (
            <Button size="small" onClick={() => void persist()}>
              {i18n._(t.persist)}
            </Button>
          )}
          {refused && !info?.persisted && <Text>{i18n._(t.persistRefused)}</Text>}
        </div>
      </div>
      <PackButtons downloads={downloads ?? []} onOpen={setPackDialog} />
      {downloads && (
        <ItemTable
          items={downloads}
          columns={[t.label, t.scope, t.forms, t.images, t.status, t.size, t.created, t.actions]}
          row={(download) => (
            <DownloadRow key={download.id} download={download} onImport={() => setPackDialog("import")} />
          )}
          empty={<Text>{i18n._(t.empty)}</Text>}
          aria-label={i18n._(t.title)}
          size="small"
        />
      )}
      <PackDialog kind={packDialog} downloads={downloads ?? []} onClose={() => setPackDialog(null)} />
    </section>
  );
}

function statusLine(
  i18n: ReturnType<typeof useLingui>["i18n"],
  download: StoredDownload,
  online: boolean,
): string {
  const counts = { done: download.items_done, total: download.items_total };
  switch (download.status) {
    case "downloading":
      return online ? tr(i18n, statusText.downloading, counts) : i18n._(t.waitingNetwork);
    case "paused":
      return tr(i18n, statusText.paused, counts);
    case "failed": {
      const code = download.error ?? "";
      const known = code in errorText ? errorText[code as keyof typeof errorText] : null;
      const reason = known ? i18n._(known) : tr(i18n, errorText.other, { code });
      return tr(i18n, statusText.failed, { reason });
    }
    default:
      return i18n._(statusText[download.status]);
  }
}

function DownloadRow({ download, onImport }: { download: StoredDownload; onImport(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { script } = useScript();
  const online = useOnline();
  const manager = appDownloadManager(api);
  const label = sutraName(download.label, script);
  const packFile = packFileOf(download);
  // A row being imported from a file runs in the import dialog; left so, it waits for the file.
  const running = packFile === null && (download.status === "downloading" || download.status === "verifying");
  const progress = download.items_total > 0 ? download.items_done / download.items_total : 0;
  const remove = () => {
    if (window.confirm(tr(i18n, t.confirmDelete, { label }))) void manager.remove(download.id);
  };
  return (
    <TableRow
      data-download={download.id}
      data-status={download.status}
      data-error={download.error ?? ""}
      data-items-done={download.items_done}
      data-items-total={download.items_total}
    >
      <TableCell>{label}</TableCell>
      <TableCell>{i18n._(scopeText[download.scope.kind])}</TableCell>
      <TableCell>{download.txt_types.map((type) => i18n._(readerText[type])).join("、")}</TableCell>
      <TableCell>{i18n._(download.with_images ? t.yes : t.no)}</TableCell>
      <TableCell>
        <div className={mergeClasses(stack.xxs, styles.status)}>
          <Text size={200} data-status-text>
            {statusLine(i18n, download, online)}
          </Text>
          {download.status !== "complete" && <ProgressBar value={progress} max={1} thickness="medium" />}
          {packFile !== null && !running && (
            <Text size={200} data-pack-resume-hint={packFile}>
              {tr(i18n, packText.fromFile, { name: packFile })}
            </Text>
          )}
        </div>
      </TableCell>
      <TableCell data-stored-bytes={download.bytes_stored}>{formatBytes(download.bytes_stored)}</TableCell>
      <TableCell>{shownDate(download.created_at)}</TableCell>
      <TableCell>
        <RowActions>
          {running && (
            <Button size="small" data-action="pause" onClick={() => void manager.pause(download.id)}>
              {i18n._(t.pause)}
            </Button>
          )}
          {packFile !== null && !running && (
            <Button size="small" data-action="continue-import" onClick={onImport}>
              {i18n._(packText.continueImport)}
            </Button>
          )}
          {packFile === null && (download.status === "paused" || download.status === "failed") && (
            <Button size="small" data-action="resume" onClick={() => void manager.resume(download.id)}>
              {i18n._(download.status === "failed" ? t.retry : t.resume)}
            </Button>
          )}
          <Button size="small" data-action="delete" onClick={remove}>
            {i18n._(t.delete)}
          </Button>
        </RowActions>
      </TableCell>
    </TableRow>
  );
}
