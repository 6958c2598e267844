/**
 * A yes/no question in a modal the mask does not close. Mounted only while open: a closed Dialog
 * would start the focus manager, whose hidden bumpers then stay on the screen.
 */
import { Button } from "@fluentui/react-components";
import { ModalDialog } from "../../../ui/ModalDialog.tsx";

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  if (!props.open) return null;
  return (
    <ModalDialog
      alert
      title={props.title}
      onClose={props.onCancel}
      data-confirm-dialog
      actions={
        <>
          <Button appearance="secondary" onClick={props.onCancel}>
            {props.cancel}
          </Button>
          <Button appearance="primary" disabled={props.busy} onClick={props.onConfirm} data-confirm>
            {props.confirm}
          </Button>
        </>
      }
    >
      {props.body}
    </ModalDialog>
  );
}
