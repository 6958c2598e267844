/** Names a new group or renames one: required, at most 20 characters, no control characters. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { GROUP_NAME_MAX, isValidGroupName } from "../../../contract/personal-rules.ts";
import { groupText as t } from "./messages.ts";

export function GroupNameDialog(props: {
  title: MessageDescriptor;
  initial?: string;
  onSave(name: string): Promise<void>;
  onClose(): void;
}) {
  const { i18n } = useLingui();
  const [name, setName] = useState(props.initial ?? "");
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const trimmed = name.trim();
    if (!isValidGroupName(trimmed)) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    try {
      await props.onSave(trimmed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{i18n._(props.title)}</DialogTitle>
            <DialogContent>
              <Field
                label={i18n._(t.name)}
                required
                {...(invalid
                  ? { validationMessage: i18n._(t.nameRule), validationState: "error" as const }
                  : {})}
              >
                <Input
                  name="group_name"
                  maxLength={GROUP_NAME_MAX}
                  value={name}
                  onChange={(_, d) => setName(d.value)}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose}>{i18n._(t.cancel)}</Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {i18n._(t.save)}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
