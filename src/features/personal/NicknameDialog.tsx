/** The nickname modal: required, at most 50 characters. */
import { Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { changeNickname } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { FieldError, FormAlert } from "../account/fields.tsx";
import { useFormErrors } from "../account/useFormErrors.ts";
import { checkNickname } from "../account/validation.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";

export function NicknameDialog(props: EditDialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [nickname, setNickname] = useState(props.profile.nickname);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<"nickname">();

  const submit = async () => {
    if (!form.checkAll({ nickname: checkNickname(nickname) })) return;
    setBusy(true);
    try {
      props.onDone(await changeNickname(api, nickname.trim()));
    } catch (error) {
      form.showCode(error, {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <EditDialog title={t.editNickname} onClose={props.onClose} onSubmit={() => void submit()} busy={busy}>
      <Field label={i18n._(t.nickname)} required {...FieldError(form.errors.nickname, (d) => i18n._(d))}>
        <Input
          name="nickname"
          maxLength={50}
          value={nickname}
          onChange={(_, d) => {
            setNickname(d.value);
            if (form.errors.nickname) form.check("nickname", checkNickname(d.value));
          }}
        />
      </Field>
      <FormAlert failure={form.failure} />
    </EditDialog>
  );
}
