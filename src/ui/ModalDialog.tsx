/**
 * A modal dialog: its title, its content and its actions. Closing it (Escape, the mask, a close
 * action) calls `onClose`; as an alert, a click on the mask does not close it. With `onSubmit`,
 * title, content and actions are one form, so Enter in a field and a submit action send it.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from "@fluentui/react-components";
import type { ReactNode } from "react";
import type { DataAttributes } from "./dataAttributes.ts";

export type ModalDialogProps = {
  /** False keeps a mounted dialog closed. */
  open?: boolean;
  title: ReactNode;
  onClose(): void;
  alert?: boolean;
  onSubmit?: () => void;
  actions: ReactNode;
  children: ReactNode;
  /** The surface's box (its width). */
  className?: string;
  contentClassName?: string;
  /** On the surface, after the body (a dialog it opens over itself). */
  after?: ReactNode;
} & DataAttributes;

export function ModalDialog({
  open = true,
  title,
  onClose,
  alert = false,
  onSubmit,
  actions,
  children,
  className,
  contentClassName,
  after,
  ...data
}: ModalDialogProps) {
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </DialogBody>
  );
  return (
    <Dialog
      open={open}
      modalType={alert ? "alert" : "modal"}
      onOpenChange={(_, state) => !state.open && onClose()}
    >
      <DialogSurface className={className} {...data}>
        {onSubmit ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
        {after}
      </DialogSurface>
    </Dialog>
  );
}

/**
 * A dialog holding a form, which a click on the mask does not close: cancel closes it, and the
 * primary submit action, waiting while `busy`, sends it (none without `submitText`).
 */
export function FormDialog({
  onSubmit,
  busy = false,
  cancelText,
  submitText,
  ...dialog
}: Omit<ModalDialogProps, "alert" | "actions" | "onSubmit"> & {
  onSubmit(): void;
  busy?: boolean;
  cancelText: string;
  submitText?: string;
}) {
  return (
    <ModalDialog
      alert
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={dialog.onClose}>{cancelText}</Button>
          {submitText !== undefined && (
            <Button appearance="primary" type="submit" disabled={busy}>
              {submitText}
            </Button>
          )}
        </>
      }
      {...dialog}
    />
  );
}
