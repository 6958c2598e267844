/**
 * "Export a pack": the reader chooses what (everything, one complete download, or one of their
 * custom groups whose sutras are downloaded), sees about how big the file will be, and exports it
 * with its progress, able to stop at any time. The file is written part by part (see sinks.ts);
 * a stopped or failed export keeps no file.
 */
import { Button, Field, Radio, RadioGroup, Spinner, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { sutraName } from "../../../contract/names.ts";
import type { StoredDownload } from "../../../contract/offline-library.ts";
import { packFileName } from "../../../contract/pack.ts";
import { isAbort } from "../../api/errors.ts";
import { useScript } from "../../app/shell/script.tsx";
import { tr } from "../../i18n/translate.ts";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { TaskProgress, useDialogTask } from "../../ui/TaskDialog.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { isQuotaExceeded } from "../library/db.ts";
import { scopeText } from "../library/messages.ts";
import { formatBytes } from "../library/planParts.ts";
import { appExportDeps } from "./appPacks.ts";
import { type ExportProgress, exportPack } from "./export.ts";
import { type ExportChoice, useExportChoices } from "./exportChoices.tsx";
import { ExportError, estimatePackBytes, planExport } from "./exportSelection.ts";
import { packText as t } from "./messages.ts";
import { type PackFailure, PackFailureLine, PackTaskDialog } from "./PackTaskDialog.tsx";
import { openPackSink } from "./sinks.ts";

type Step =
  | { kind: "choose" }
  | { kind: "exporting"; progress: ExportProgress | null }
  | { kind: "done"; name: string; bytes: number };

export type PackExportDialogProps = { downloads: readonly StoredDownload[]; onClose(): void };

export function PackExportDialog({ downloads, onClose }: PackExportDialogProps) {
  const { i18n } = useLingui();
  const { script } = useScript();
  const [deps] = useState(appExportDeps);
  const { choices, sources } = useExportChoices(deps.db, downloads, {
    everything: i18n._(t.everything),
    download: (download) =>
      tr(i18n, t.downloadChoice, {
        label: sutraName(download.label, script),
        scope: i18n._(scopeText[download.scope.kind]),
      }),
    group: (name, count) => tr(i18n, t.groupChoice, { name, count }),
    fileName: (label) => sutraName(label, script),
  });
  const [value, setValue] = useState("library");
  const choice: ExportChoice | undefined = choices.find((c) => c.value === value) ?? choices[0];
  const libraryState = downloads.map((download) => `${download.id}@${download.updated_at}`).join("|");
  const plan = useLoad(`${choice?.value}#${libraryState}`, () =>
    choice ? planExport(deps.db, deps.fonts, choice.selection) : Promise.resolve(null),
  );
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [failure, setFailure] = useState<PackFailure | null>(null);
  const task = useDialogTask(onClose);

  const start = async (chosen: ExportChoice) => {
    setFailure(null);
    const createdAt = deps.now();
    let sink: Awaited<ReturnType<typeof openPackSink>>;
    try {
      // First thing after the click: the file picker needs the reader's gesture.
      sink = await openPackSink(window, packFileName(chosen.fileLabel, createdAt));
    } catch (error) {
      setFailure(exportFailure(error));
      return;
    }
    if (!sink) return;
    await task.run(async (signal) => {
      setStep({ kind: "exporting", progress: null });
      try {
        await exportPack(deps, chosen.selection, sink, {
          signal,
          createdAt,
          onProgress: (progress) => setStep({ kind: "exporting", progress }),
        });
        const saved = await sink.close();
        setStep({ kind: "done", ...saved });
      } catch (error) {
        await sink.abort();
        setFailure(exportFailure(signal.aborted ? new DOMException("stopped", "AbortError") : error));
        setStep({ kind: "choose" });
      }
    });
  };

  const exportFailure = (error: unknown): PackFailure => {
    if (isAbort(error)) return { code: "STOPPED", text: i18n._(t.exportCancelled) };
    if (isQuotaExceeded(error)) return { code: "QUOTA_EXCEEDED", text: i18n._(t.exportDiskFull) };
    if (error instanceof ExportError && error.code === "NOTHING_TO_EXPORT")
      return { code: error.code, text: i18n._(t.nothingToExport) };
    const reason = error instanceof Error ? error.message : String(error);
    return { code: "OTHER", text: tr(i18n, t.exportFailed, { reason }) };
  };

  const exporting = step.kind === "exporting";
  const ready = plan.data ?? null;
  return (
    <PackTaskDialog
      title={i18n._(t.exportTitle)}
      task={task}
      done={step.kind === "done"}
      writing={exporting}
      busy={exporting}
      actions={
        step.kind === "choose" && (
          <Button
            appearance="primary"
            data-pack-export-start
            disabled={!choice || !ready}
            onClick={() => choice && void start(choice)}
          >
            {i18n._(t.exportStart)}
          </Button>
        )
      }
      data-pack-export-dialog
      data-step={step.kind}
    >
      <Text>{i18n._(t.exportIntro)}</Text>
      {sources}
      <Field label={i18n._(t.exportWhat)}>
        <RadioGroup
          value={choice?.value ?? ""}
          disabled={step.kind !== "choose"}
          onChange={(_, data) => setValue(data.value)}
        >
          {choices.map((c) => (
            <Radio key={c.value} value={c.value} label={c.label} data-export-choice={c.value} />
          ))}
        </RadioGroup>
      </Field>
      {step.kind === "choose" && plan.loading && (
        <Spinner size="small" label={i18n._(t.estimating)} labelPosition="after" />
      )}
      {step.kind === "choose" && ready && (
        <Text
          weight="semibold"
          data-pack-estimate={estimatePackBytes(ready)}
          data-pack-estimate-for={choice?.value}
        >
          {tr(i18n, t.estimate, {
            downloads: ready.downloads.length,
            items: ready.items.length,
            size: formatBytes(estimatePackBytes(ready)),
          })}
        </Text>
      )}
      {step.kind === "choose" && plan.error && (
        <MessageLine intent="warning" data-pack-error="NOTHING_TO_EXPORT">
          {exportFailure(plan.error).text}
        </MessageLine>
      )}
      <PackFailureLine failure={failure} />
      {step.kind === "exporting" && <ExportProgressView progress={step.progress} />}
      {step.kind === "done" && (
        <MessageLine
          intent="success"
          data-pack-exported
          data-pack-file-name={step.name}
          data-pack-file-bytes={step.bytes}
        >
          {tr(i18n, t.exported, { name: step.name, size: formatBytes(step.bytes) })}
        </MessageLine>
      )}
    </PackTaskDialog>
  );
}

function ExportProgressView({ progress }: { progress: ExportProgress | null }) {
  const { i18n } = useLingui();
  if (!progress) return <Spinner size="small" />;
  return (
    <TaskProgress
      text={
        progress.phase === "index"
          ? i18n._(t.exportIndex)
          : tr(i18n, t.exporting, {
              done: progress.items_done,
              total: progress.items_total,
              written: formatBytes(progress.written),
            })
      }
      done={progress.bytes_done}
      total={progress.bytes_total}
      data-pack-progress
      data-phase={progress.phase}
      data-items-done={progress.items_done}
      data-items-total={progress.items_total}
    />
  );
}
