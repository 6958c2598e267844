/**
 * The password modal: the current password, and the new one twice (spec section 5). A wrong
 * current password (1006) shows under its field.
 */
import { useState } from "react";
import { changePassword } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { FormAlert } from "../account/fields.tsx";
import { AccountInput } from "../account/form/AccountInput.tsx";
import { NewPasswordFields, useNewPassword } from "../account/form/PasswordFields.tsx";
import { useAccountForm } from "../account/form/useAccountForm.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";
import { checkOldPassword } from "./validation.ts";

export function PasswordDialog(props: EditDialogProps) {
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
      <AccountInput
        form={form}
        field="old"
        label={t.oldPassword}
        name="oldpassword"
        type="password"
        autoComplete="current-password"
        value={old}
        onChange={setOld}
        rule={checkOldPassword}
        checkOnLeave={false}
        live
      />
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
