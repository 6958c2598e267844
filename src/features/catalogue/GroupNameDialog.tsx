/** Names a new group or renames one: required, at most 20 characters, no control characters. */
import { Field, Input } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { GROUP_NAME_MAX, isValidGroupName } from "../../../contract/personal-rules.ts";
import { FormDialog } from "../../ui/ModalDialog.tsx";
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
    <FormDialog
      title={i18n._(props.title)}
      onClose={props.onClose}
      onSubmit={() => void save()}
      busy={busy}
      cancelText={i18n._(t.cancel)}
      submitText={i18n._(t.save)}
    >
      <Field
        label={i18n._(t.name)}
        required
        {...(invalid ? { validationMessage: i18n._(t.nameRule), validationState: "error" as const } : {})}
      >
        <Input
          name="group_name"
          maxLength={GROUP_NAME_MAX}
          value={name}
          onChange={(_, d) => setName(d.value)}
        />
      </Field>
    </FormDialog>
  );
}
