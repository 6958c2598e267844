/** The nickname modal: required, at most 50 characters. */
import { Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { changeNickname } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { FormAlert } from "../account/fields.tsx";
import { useAccountForm } from "../account/form/useAccountForm.ts";
import { checkNickname } from "../account/validation.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";

export function NicknameDialog(props: EditDialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [nickname, setNickname] = useState(props.profile.nickname);
  const form = useAccountForm<"nickname">();

  const submit = () =>
    form.submit({
      checks: { nickname: checkNickname(nickname) },
      call: async () => props.onDone(await changeNickname(api, nickname.trim())),
    });

  return (
    <EditDialog
      title={t.editNickname}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={form.busy}
    >
      <Field label={i18n._(t.nickname)} required {...form.show("nickname")}>
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
