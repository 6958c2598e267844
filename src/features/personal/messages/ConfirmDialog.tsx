/**
 * A yes/no question in a modal the mask does not close. Mounted only while open: a closed Dialog
 * would start the focus manager, whose hidden bumpers then stay on the screen.
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
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface data-confirm-dialog>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.body}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onCancel}>
              {props.cancel}
            </Button>
            <Button appearance="primary" disabled={props.busy} onClick={props.onConfirm} data-confirm>
              {props.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
