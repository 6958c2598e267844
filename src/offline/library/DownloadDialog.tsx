/**
 * "Download for offline": asks the server for the plan first and shows what the download takes
 * (texts in the chosen forms, the pages' reader data, the page images and thumbnails, each with
 * its size), then starts it. The text forms start from the reader's current one.
 */
import { Button, Checkbox, Field, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { sutraName } from "../../../contract/names.ts";
import type { OfflinePlan } from "../../../contract/offline.ts";
import type { DownloadScope } from "../../../contract/offline-library.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import { fetchOfflinePlan } from "../../api/offline.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { readerText } from "../../features/reader-reel/messages.ts";
import { loadSettings } from "../../features/reader-reel/readingSettings.ts";
import { tr } from "../../i18n/translate.ts";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { TaskDialog } from "../../ui/TaskDialog.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useOnline } from "../network.ts";
import { appDownloadManager, startAppDownloads } from "./appDownloads.ts";
import { isQuotaExceeded } from "./db.ts";
import { downloadText as t } from "./messages.ts";
import { choosePlanParts, formatBytes, hasContent } from "./planParts.ts";
import { useDownloadOf } from "./queries.ts";

const useStyles = makeStyles({
  forms: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalM },
  total: { fontWeight: tokens.fontWeightSemibold },
});

export type DownloadDialogProps = {
  tripitakaUid: string;
  scope: DownloadScope;
  /** The name shown in the title before the plan names it. */
  title: string;
  onClose(): void;
};

export function DownloadDialog({ tripitakaUid, scope, title, onClose }: DownloadDialogProps) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const { script } = useScript();
  const online = useOnline();
  const existing = useDownloadOf(tripitakaUid, scope);
  const [forms, setForms] = useState<TxtType[]>(() => {
    const fallback: TxtType = script === "sim" ? "sim_txt" : "std_txt";
    return existing?.txt_types ?? [loadSettings(window.localStorage, fallback).textType];
  });
  const [pages, setPages] = useState(true);
  const [images, setImages] = useState(false);
  const [busy, setBusy] = useState(false);
  const [startError, setStartError] = useState<"quota" | string | null>(null);
  const ordered = txtTypes.filter((type) => forms.includes(type));
  const key = JSON.stringify([tripitakaUid, scope, ordered, online]);
  const load = useLoad(key, (signal) =>
    online && ordered.length > 0
      ? fetchOfflinePlan(
          api,
          tripitakaUid,
          { scope, txt_types: ordered, with_pages: true, with_images: true },
          signal,
        )
      : Promise.resolve(null),
  );
  const full = load.data ?? null;
  const plan = full ? choosePlanParts(full, { pages, images }) : null;

  const toggle = (type: TxtType, on: boolean) =>
    setForms((current) => (on ? [...current, type] : current.filter((other) => other !== type)));

  /**
   * The plan was asked with pages and images; with fewer parts chosen, the server is asked again,
   * since a pack without images can cover what the reader chose though not what was asked.
   */
  const planOfChoice = async (chosen: OfflinePlan): Promise<OfflinePlan> => {
    if (chosen.pack || (chosen.with_pages && chosen.with_images)) return chosen;
    const body = {
      scope,
      txt_types: ordered,
      with_pages: chosen.with_pages,
      with_images: chosen.with_images,
    };
    return fetchOfflinePlan(api, tripitakaUid, body).catch(() => chosen);
  };

  const start = async () => {
    if (!plan) return;
    setBusy(true);
    setStartError(null);
    try {
      startAppDownloads(api);
      await appDownloadManager(api).start(await planOfChoice(plan));
      events.emit("success", i18n._(t.started));
      onClose();
    } catch (error) {
      // Nothing was recorded (the download's rows are written in one transaction): say why here.
      setStartError(
        isQuotaExceeded(error) ? "quota" : error instanceof Error ? error.message : String(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const label = plan ? sutraName(plan.label, script) : title;
  return (
    <TaskDialog
      title={tr(i18n, t.dialogTitle, { label })}
      closeText={i18n._(t.cancel)}
      onClose={onClose}
      actions={
        <Button
          appearance="primary"
          data-start-download
          disabled={!online || !plan || !hasContent(plan) || busy}
          onClick={() => void start()}
        >
          {i18n._(existing ? t.replace : t.start)}
        </Button>
      }
      data-download-dialog
    >
      {!online && <MessageLine intent="warning">{i18n._(t.needOnline)}</MessageLine>}
      <Field
        label={i18n._(t.textForms)}
        {...(ordered.length === 0 ? { validationMessage: i18n._(t.textFormsRule) } : {})}
      >
        <div className={styles.forms}>
          {txtTypes.map((type) => (
            <Checkbox
              key={type}
              data-form={type}
              label={i18n._(readerText[type])}
              checked={forms.includes(type)}
              onChange={(_, data) => toggle(type, data.checked === true)}
            />
          ))}
        </div>
      </Field>
      {load.loading && <Spinner size="small" label={i18n._(t.planning)} labelPosition="after" />}
      {load.error && (
        <MessageLine intent="error">{tr(i18n, t.planFailed, { reason: load.error.message })}</MessageLine>
      )}
      {startError && (
        <MessageLine intent="error" data-start-failed={startError === "quota" ? "QUOTA_EXCEEDED" : "other"}>
          {startError === "quota"
            ? i18n._(t.startQuotaExceeded)
            : tr(i18n, t.startFailed, { reason: startError })}
        </MessageLine>
      )}
      {full && plan && (
        <>
          <Checkbox
            data-part="pages"
            label={tr(i18n, t.withPages, { size: formatBytes(full.totals.page_bytes) })}
            checked={plan.with_pages}
            disabled={images && full.files.length > 0}
            onChange={(_, data) => setPages(data.checked === true)}
          />
          {full.files.length > 0 ? (
            <Checkbox
              data-part="images"
              label={tr(i18n, t.withImages, { size: formatBytes(full.totals.image_bytes) })}
              checked={images}
              onChange={(_, data) => setImages(data.checked === true)}
            />
          ) : full.scans_withheld ? (
            <Text data-scans-withheld>{i18n._(t.scansWithheld)}</Text>
          ) : (
            <Text>{i18n._(t.noImages)}</Text>
          )}
          <Text>
            {tr(i18n, t.summary, {
              sutras: plan.totals.sutras,
              reels: plan.totals.reels,
              pages: plan.totals.pages,
              files: plan.totals.files,
            })}
          </Text>
          <Text className={styles.total} data-plan-total={plan.totals.total_bytes}>
            {tr(i18n, t.totalSize, { size: formatBytes(plan.totals.total_bytes) })}
          </Text>
        </>
      )}
    </TaskDialog>
  );
}
