/**
 * The password modal: the current password, and the new one twice (spec section 5). A wrong
 * current password (1006) shows under its field.
 */
import { Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { changePassword } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { FieldError, FormAlert } from "../account/fields.tsx";
import { onLeave, useFormErrors } from "../account/useFormErrors.ts";
import { checkNewPassword, checkRepeat, checkRepeatTyping } from "../account/validation.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";
import { checkOldPassword } from "./validation.ts";

type PasswordField = "old" | "password" | "repeat";

export function PasswordDialog(props: EditDialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [old, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<PasswordField>();
  const show = (field: PasswordField) => FieldError(form.errors[field], (d) => i18n._(d));

  const submit = async () => {
    const ok = form.checkAll({
      old: checkOldPassword(old),
      password: checkNewPassword(password),
      repeat: checkRepeat(password, repeat),
    });
    if (!ok) return;
    setBusy(true);
    try {
      props.onDone(await changePassword(api, old, password));
    } catch (error) {
      form.showCode(error, { 1006: "old" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <EditDialog title={t.editPassword} onClose={props.onClose} onSubmit={() => void submit()} busy={busy}>
      <Field label={i18n._(t.oldPassword)} required {...show("old")}>
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
      <Field label={i18n._(t.newPassword)} required {...show("password")}>
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(_, d) => {
            setPassword(d.value);
            if (repeat !== "") form.check("repeat", checkRepeatTyping(d.value, repeat, true));
          }}
          onBlur={onLeave(() => form.check("password", checkNewPassword(password)))}
        />
      </Field>
      <Field label={i18n._(t.repeatPassword)} required {...show("repeat")}>
        <Input
          name="password_repeated"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(_, d) => {
            setRepeat(d.value);
            form.check("repeat", checkRepeatTyping(password, d.value, form.errors.repeat !== undefined));
          }}
          onBlur={onLeave(() => form.check("repeat", checkRepeat(password, repeat)))}
        />
      </Field>
      <FormAlert failure={form.failure} />
    </EditDialog>
  );
}
