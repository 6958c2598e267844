/**
 * The password modal: the current password, and the new one twice (spec section 5). A wrong
 * current password (1006) shows under its field.
 */
import { Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { changePassword } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { FormAlert } from "../account/fields.tsx";
import { NewPasswordFields, useNewPassword } from "../account/form/PasswordFields.tsx";
import { useAccountForm } from "../account/form/useAccountForm.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";
import { checkOldPassword } from "./validation.ts";

export function PasswordDialog(props: EditDialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [old, setOld] = useState("");
  const newPassword = useNewPassword();
  const form = useAccountForm<"old" | "password" | "repeat">();

  const submit = () =>
    form.submit({
      checks: { old: checkOldPassword(old), ...newPassword.checks() },
      call: async () => props.onDone(await changePassword(api, old, newPassword.password)),
      fields: { 1006: "old" },
    });

  return (
    <EditDialog
      title={t.editPassword}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={form.busy}
    >
      <Field label={i18n._(t.oldPassword)} required {...form.show("old")}>
        <Input
          name="oldpassword"
          type="password"
          autoComplete="current-password"
          value={old}
          onChange={(_, d) => {
            setOld(d.value);
            if (form.errors.old) form.check("old", checkOldPassword(d.value));
          }}
        />
      </Field>
      <NewPasswordFields
        form={form}
        value={newPassword}
        label={t.newPassword}
        repeatLabel={t.repeatPassword}
      />
      <FormAlert failure={form.failure} />
    </EditDialog>
  );
}
