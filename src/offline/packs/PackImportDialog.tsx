/**
 * "Import a pack": the reader chooses a pack file (the browser's file picker where it has one, a
 * file input otherwise), sees what it holds from its manifest, and installs it with its progress
 * (checking every part, writing, merging the search index), able to stop at any time. Nothing in
 * this path calls the server. A stopped or failed install goes on from where it stopped when the
 * same file is chosen again.
 */
import { Button, Spinner, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type ChangeEvent, useRef, useState } from "react";
import { sutraName } from "../../../contract/names.ts";
import { PACK_EXTENSION, type PackManifest } from "../../../contract/pack.ts";
import { isAbort } from "../../api/errors.ts";
import { useScript } from "../../app/shell/script.tsx";
import { tr } from "../../i18n/translate.ts";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { TaskProgress, useDialogTask } from "../../ui/TaskDialog.tsx";
import { offlineLibrary } from "../library/db.ts";
import { formatBytes } from "../library/planParts.ts";
import { installPackFile } from "./appPacks.ts";
import type { PackProgress } from "./install.ts";
import { manifestSha256, readPackManifest } from "./manifest.ts";
import { packText as t } from "./messages.ts";
import { PackSummary } from "./PackSummary.tsx";
import { type PackFailure, PackFailureLine, PackTaskDialog } from "./PackTaskDialog.tsx";
import { importErrorText, type VersionConflict, versionConflict, versionText } from "./packErrors.ts";
import { filePickers, PACK_PICKER_TYPES } from "./sinks.ts";
import { fileSource, type PackSource } from "./source.ts";

type Step =
  | { kind: "choose" }
  | { kind: "reading" }
  | { kind: "ready"; source: PackSource; manifest: PackManifest; conflict: VersionConflict | null }
  | { kind: "installing"; source: PackSource; manifest: PackManifest; progress: PackProgress | null }
  | { kind: "done"; labels: string[] };

const PHASE_TEXT = { checking: t.checking, writing: t.writing, index: t.indexing, done: t.writing } as const;

export type PackImportDialogProps = { onClose(): void };

export function PackImportDialog({ onClose }: PackImportDialogProps) {
  const { i18n } = useLingui();
  const { script } = useScript();
  const named = (label: string) => sutraName(label, script);
  const input = useRef<HTMLInputElement>(null);
  const task = useDialogTask(onClose);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [failure, setFailure] = useState<PackFailure | null>(null);

  const read = async (file: File) => {
    setFailure(null);
    setStep({ kind: "reading" });
    const source = fileSource(file);
    try {
      const manifest = await readPackManifest(source);
      const conflict = await versionConflict(
        offlineLibrary(),
        manifest,
        await manifestSha256(manifest, source),
      );
      setStep({ kind: "ready", source, manifest, conflict });
    } catch (error) {
      setFailure(importErrorText(i18n, error, null, named));
      setStep({ kind: "choose" });
    }
  };

  const choose = async () => {
    const pickers = filePickers(window);
    if (typeof pickers.showOpenFilePicker !== "function") {
      input.current?.click();
      return;
    }
    try {
      const [handle] = await pickers.showOpenFilePicker({ multiple: false, ...PACK_PICKER_TYPES });
      if (handle) await read(await handle.getFile());
    } catch (error) {
      if (!isAbort(error)) setFailure(importErrorText(i18n, error, null, named));
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void read(file);
  };

  const install = (source: PackSource, manifest: PackManifest) =>
    task.run(async (signal) => {
      setFailure(null);
      setStep({ kind: "installing", source, manifest, progress: null });
      try {
        const { downloads } = await installPackFile(source, {
          manifest,
          signal,
          onProgress: (progress) =>
            setStep((current) => (current.kind === "installing" ? { ...current, progress } : current)),
        });
        setStep({ kind: "done", labels: downloads.map((download) => named(download.label)) });
      } catch (error) {
        const conflict = await versionConflict(
          offlineLibrary(),
          manifest,
          await manifestSha256(manifest, source),
        ).catch(() => null);
        setFailure(importErrorText(i18n, signal.aborted ? abortError() : error, conflict, named));
        setStep({ kind: "choose" });
      }
    });

  const busy = step.kind === "reading" || step.kind === "installing";
  return (
    <PackTaskDialog
      title={i18n._(t.importTitle)}
      task={task}
      done={step.kind === "done"}
      writing={step.kind === "installing"}
      busy={busy}
      actions={
        <>
          {step.kind !== "done" && (
            <Button data-pack-choose disabled={busy} onClick={() => void choose()}>
              {i18n._(t.chooseFile)}
            </Button>
          )}
          {step.kind === "ready" && (
            <Button
              appearance="primary"
              data-pack-install
              disabled={step.conflict !== null}
              onClick={() => void install(step.source, step.manifest)}
            >
              {i18n._(t.install)}
            </Button>
          )}
        </>
      }
      data-pack-import-dialog
      data-step={step.kind}
    >
      <Text>{i18n._(t.importIntro)}</Text>
      <input
        ref={input}
        type="file"
        accept={PACK_EXTENSION}
        hidden
        data-pack-file-input
        aria-label={i18n._(t.chooseFile)}
        onChange={picked}
      />
      <PackFailureLine failure={failure} />
      {step.kind === "reading" && <Spinner size="small" label={i18n._(t.reading)} labelPosition="after" />}
      {(step.kind === "ready" || step.kind === "installing") && (
        <PackSummary manifest={step.manifest} name={step.source.name} size={step.source.size} />
      )}
      {step.kind === "ready" && step.conflict && (
        <MessageLine intent="error" data-pack-error="PACK_VERSION">
          {versionText(i18n, step.conflict, named)}
        </MessageLine>
      )}
      {step.kind === "installing" && <InstallProgress progress={step.progress} />}
      {step.kind === "done" && (
        <MessageLine intent="success" data-pack-installed>
          {tr(i18n, t.installed, { labels: step.labels.join("、") })}
        </MessageLine>
      )}
    </PackTaskDialog>
  );
}

const abortError = () => new DOMException("The install was stopped.", "AbortError");

function InstallProgress({ progress }: { progress: PackProgress | null }) {
  const { i18n } = useLingui();
  if (!progress) return <Spinner size="small" />;
  return (
    <TaskProgress
      text={tr(i18n, PHASE_TEXT[progress.phase], { done: progress.parts_done, total: progress.parts_total })}
      done={progress.bytes_done}
      total={progress.bytes_total}
      detail={tr(i18n, t.progressBytes, {
        done: formatBytes(progress.bytes_done),
        total: formatBytes(progress.bytes_total),
      })}
      data-pack-progress
      data-phase={progress.phase}
      data-parts-done={progress.parts_done}
      data-parts-total={progress.parts_total}
    />
  );
}
