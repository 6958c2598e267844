/** The avatar modal: a png or jpeg of at most 2 MB, checked and previewed before it is uploaded. */
import { Avatar, Field } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { setAvatar } from "../../api/profile.ts";
import { fetchUploadPolicy, uploadFile } from "../../api/uploads.ts";
import { useServices } from "../../app/shell/services.ts";
import { FilePicker } from "../../ui/FilePicker.tsx";
import { FieldError } from "../account/fields.tsx";
import { useFormErrors } from "../account/useFormErrors.ts";
import { replaceAvatar } from "./avatarUpload.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";
import { checkAvatarFile } from "./validation.ts";

const ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

export function AvatarDialog(props: EditDialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<"file">();

  useEffect(() => {
    if (!file || checkAvatarFile(file)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async () => {
    if (!form.check("file", checkAvatarFile(file)) || !file) return;
    setBusy(true);
    try {
      const outcome = await replaceAvatar({
        policy: () => fetchUploadPolicy(api, "avatar"),
        upload: (policy) => uploadFile(api, policy, file, { newName: () => crypto.randomUUID() }),
        save: (key) => setAvatar(api, key),
      });
      if (outcome.kind === "saved") props.onDone(outcome.token);
      else form.check("file", outcome.error);
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? props.profile.avatar;
  return (
    <EditDialog title={t.editAvatar} onClose={props.onClose} onSubmit={() => void submit()} busy={busy}>
      <Avatar
        size={96}
        name={props.profile.nickname || props.profile.username}
        image={shown ? { src: shown } : undefined}
        data-avatar-preview
      />
      <Field
        label={i18n._(t.avatar)}
        hint={i18n._(t.avatarHint)}
        required
        {...FieldError(form.errors.file, (d) => i18n._(d))}
      >
        <FilePicker
          name="avatar"
          accept={ACCEPT}
          label={t.chooseImage}
          file={file}
          onChange={(chosen) => {
            form.check("file", checkAvatarFile(chosen));
            setFile(chosen);
          }}
        />
      </Field>
    </EditDialog>
  );
}
