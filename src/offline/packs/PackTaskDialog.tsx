/**
 * The frame of the pack dialogs (export, import): a task dialog whose first action cancels, stops
 * the pack while it is written, and closes once it is done; and the line saying why the last try
 * stopped or failed.
 */
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { DataAttributes } from "../../ui/dataAttributes.ts";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { TaskDialog, type useDialogTask } from "../../ui/TaskDialog.tsx";
import { packText as t } from "./messages.ts";

export type PackFailure = { code: string; text: string };

export function PackTaskDialog({
  task,
  done,
  writing,
  ...dialog
}: {
  title: string;
  task: ReturnType<typeof useDialogTask>;
  done: boolean;
  /** While the pack is written: the first action stops it. */
  writing: boolean;
  busy: boolean;
  actions?: ReactNode;
  children: ReactNode;
} & DataAttributes) {
  const { i18n } = useLingui();
  return (
    <TaskDialog
      closeText={i18n._(done ? t.close : t.cancel)}
      onClose={task.close}
      onStop={writing ? task.stop : undefined}
      {...dialog}
    />
  );
}

export function PackFailureLine({ failure }: { failure: PackFailure | null }) {
  if (!failure) return null;
  return (
    <MessageLine intent={failure.code === "STOPPED" ? "warning" : "error"} data-pack-error={failure.code}>
      {failure.text}
    </MessageLine>
  );
}
