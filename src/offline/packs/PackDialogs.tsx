/**
 * The storage panel's pack buttons and the dialogs they open: export (once something is completely
 * downloaded) and import. The dialogs load with the panel, not on first use: an import is often
 * made with no network, when a part not loaded yet could not be fetched.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { StoredDownload } from "../../../contract/offline-library.ts";
import { packText as t } from "./messages.ts";
import { PackExportDialog } from "./PackExportDialog.tsx";
import { PackImportDialog } from "./PackImportDialog.tsx";

export type PackDialogKind = "export" | "import";

const useStyles = makeStyles({
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export function PackButtons(props: {
  downloads: readonly StoredDownload[];
  onOpen(kind: PackDialogKind): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const exportable = props.downloads.some((download) => download.status === "complete");
  return (
    <div className={styles.buttons}>
      <Button data-pack-export disabled={!exportable} onClick={() => props.onOpen("export")}>
        {i18n._(t.exportButton)}
      </Button>
      <Button data-pack-import onClick={() => props.onOpen("import")}>
        {i18n._(t.importButton)}
      </Button>
    </div>
  );
}

export function PackDialog(props: {
  kind: PackDialogKind | null;
  downloads: readonly StoredDownload[];
  onClose(): void;
}) {
  if (props.kind === null) return null;
  return props.kind === "export" ? (
    <PackExportDialog downloads={props.downloads} onClose={props.onClose} />
  ) : (
    <PackImportDialog onClose={props.onClose} />
  );
}

/** A download half installed from a pack file: the file it came from (null for any other). */
export function packFileOf(download: StoredDownload): string | null {
  const url = download.pack?.url;
  if (download.status === "complete" || !url?.startsWith("file:")) return null;
  return url.slice("file:".length);
}
