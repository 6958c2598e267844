/**
 * A dialog that prepares and runs one task (a download, a pack's export or install): its title, what
 * it shows in a column, and its actions. The first action closes the dialog, or stops the task while
 * it runs; while the dialog is busy, a click outside or Escape does not close it. Closing the dialog
 * stops its task too (`useDialogTask`).
 */
import { Button, ProgressBar, Text } from "@fluentui/react-components";
import { type ReactNode, useRef } from "react";
import type { DataAttributes } from "./dataAttributes.ts";
import { ModalDialog } from "./ModalDialog.tsx";
import { useStackStyles } from "./stack.ts";

export type TaskDialogProps = {
  title: ReactNode;
  /** The first action's text: cancel, or close once the task is done. */
  closeText: string;
  onClose(): void;
  /** Given while the task runs: the first action stops it instead of closing the dialog. */
  onStop?: (() => void) | undefined;
  busy?: boolean;
  /** The actions after the first. */
  actions?: ReactNode;
  children: ReactNode;
} & DataAttributes;

export function TaskDialog({
  title,
  closeText,
  onClose,
  onStop,
  busy = false,
  actions,
  children,
  ...surface
}: TaskDialogProps) {
  const stack = useStackStyles();
  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      alert={busy}
      contentClassName={stack.m}
      actions={
        <>
          {onStop ? (
            <Button data-task-stop onClick={onStop}>
              {closeText}
            </Button>
          ) : (
            <Button onClick={onClose}>{closeText}</Button>
          )}
          {actions}
        </>
      }
      {...surface}
    >
      {children}
    </ModalDialog>
  );
}

/** How far a running task is: a line saying so, a bar of `done` out of `total`, and a detail under it. */
export function TaskProgress({
  text,
  done,
  total,
  detail,
  ...data
}: { text: ReactNode; done: number; total: number; detail?: ReactNode } & DataAttributes) {
  const stack = useStackStyles();
  return (
    <div className={stack.xs} {...data}>
      <Text>{text}</Text>
      <ProgressBar value={total > 0 ? done / total : 0} max={1} thickness="large" />
      {detail !== undefined && <Text size={200}>{detail}</Text>}
    </div>
  );
}

/** The task a dialog runs: its stop action and the dialog's closing both abort it. */
export function useDialogTask(onClose: () => void) {
  const running = useRef<AbortController | null>(null);
  const stop = () => running.current?.abort();
  return {
    /** Runs `task` with the signal that `stop` and `close` abort. */
    async run(task: (signal: AbortSignal) => Promise<void>): Promise<void> {
      const controller = new AbortController();
      running.current = controller;
      try {
        await task(controller.signal);
      } finally {
        running.current = null;
      }
    },
    stop,
    close() {
      stop();
      onClose();
    },
  };
}
