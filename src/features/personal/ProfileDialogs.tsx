/** The six profile edit modals: avatar, nickname, password, phone, e-mail and WeChat. */
import { Button, Field, Image, Input, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useState } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import { bindContact, changeNickname, changePassword, sendCode, setAvatar } from "../../api/accounts.ts";
import { ApiError } from "../../api/errors.ts";
import { createPolicyCache, fetchUploadPolicy, uploadFile } from "../../api/uploads.ts";
import { useServices } from "../../app/shell/services.ts";
import { CaptchaInput, CodeInput, FieldError } from "../account/fields.tsx";
import { fieldErrors } from "../account/messages.ts";
import { useOAuthConfig } from "../account/OAuthButtons.tsx";
import { startOAuth } from "../account/oauthState.ts";
import { useCaptcha } from "../account/useCaptcha.ts";
import { onLeave, useFormErrors } from "../account/useFormErrors.ts";
import {
  checkCaptcha,
  checkCode,
  checkContact,
  checkNewPassword,
  checkNickname,
  checkPasswordPresent,
  checkRepeat,
} from "../account/validation.ts";
import { checkAvatarFile } from "./avatarFile.ts";
import { EditDialog } from "./EditDialog.tsx";
import { personalErrors as e, personalText as t } from "./messages.ts";

export type EditKind = "avatar" | "nickname" | "password" | "phone" | "email" | "wechat";

type DialogProps = { profile: Profile; onDone(token: string): void; onClose(): void };

function AvatarDialog(props: DialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const policies = useMemo(() => createPolicyCache((p) => fetchUploadPolicy(api, p), Date.now), [api]);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<"file">();

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async () => {
    if (!form.check("file", checkAvatarFile(file)) || !file) return;
    setBusy(true);
    try {
      let key: string;
      try {
        key = await uploadFile(await policies("avatar"), file, () => crypto.randomUUID());
      } catch {
        form.check("file", e.avatarOSSWrong);
        return;
      }
      try {
        props.onDone(await setAvatar(api, key));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) form.check("file", e.avatarNotExist);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <EditDialog title={t.editAvatar} onClose={props.onClose} onSubmit={() => void submit()} busy={busy}>
      {(preview ?? props.profile.avatar) && (
        <Image
          src={preview ?? props.profile.avatar}
          alt={i18n._(t.avatar)}
          width={96}
          height={96}
          shape="circular"
          fit="cover"
        />
      )}
      <Field
        label={i18n._(t.chooseImage)}
        hint={i18n._(t.avatarHint)}
        {...FieldError(form.errors.file, (d) => i18n._(d))}
      >
        <input
          type="file"
          name="avatar"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            form.check("file", chosen ? checkAvatarFile(chosen) : null);
          }}
        />
      </Field>
    </EditDialog>
  );
}

function NicknameDialog(props: DialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [nickname, setNickname] = useState(props.profile.nickname);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<"nickname">();
  const submit = async () => {
    if (!form.check("nickname", checkNickname(nickname))) return;
    setBusy(true);
    try {
      props.onDone(await changeNickname(api, nickname.trim()));
    } catch {
      // Codes below 1000 are shown by the client; nothing else applies to a nickname.
    } finally {
      setBusy(false);
    }
  };
  return (
    <EditDialog title={t.editNickname} onClose={props.onClose} onSubmit={() => void submit()} busy={busy}>
      <Field label={i18n._(t.nickname)} required {...FieldError(form.errors.nickname, (d) => i18n._(d))}>
        <Input name="nickname" maxLength={50} value={nickname} onChange={(_, d) => setNickname(d.value)} />
      </Field>
    </EditDialog>
  );
}

function PasswordDialog(props: DialogProps) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [old, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<"old" | "password" | "repeat">();
  const show = (f: "old" | "password" | "repeat") => FieldError(form.errors[f], (d) => i18n._(d));
  const submit = async () => {
    const ok = form.checkAll({
      old: checkPasswordPresent(old) ? e.oldPasswordRequired : null,
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
          onChange={(_, d) => setOld(d.value)}
        />
      </Field>
      <Field label={i18n._(t.newPassword)} required {...show("password")}>
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(_, d) => setPassword(d.value)}
          onBlur={onLeave(() => form.check("password", checkNewPassword(password)))}
        />
      </Field>
      <Field label={i18n._(t.repeatPassword)} required {...show("repeat")}>
        <Input
          name="password_repeated"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(_, d) => setRepeat(d.value)}
          onBlur={onLeave(() => form.check("repeat", checkRepeat(password, repeat)))}
        />
      </Field>
    </EditDialog>
  );
}

function ContactDialog(props: DialogProps & { method: "phone" | "email" }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [value, setValue] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const form = useFormErrors<"value" | "captcha" | "code">();
  const current = props.method === "phone" ? props.profile.phone : props.profile.email;

  const checkValue = (v: string) => {
    const trimmed = v.trim();
    const contact = checkContact(trimmed);
    if (contact) return contact;
    const looksLikePhone = /^\d+$/.test(trimmed);
    if (props.method === "phone" && !looksLikePhone) return fieldErrors.phoneInvalid;
    if (props.method === "email" && looksLikePhone) return fieldErrors.emailInvalid;
    if (current && trimmed.toLowerCase() === current.toLowerCase())
      return props.method === "phone" ? e.samePhone : e.sameEmail;
    return null;
  };

  const send = async (): Promise<boolean> => {
    const valueOk = form.check("value", checkValue(value));
    const captchaOk = form.check("captcha", checkCaptcha(captchaText));
    const identifier = captcha.captcha?.identifier;
    if (!valueOk || !captchaOk || !identifier) return false;
    try {
      await sendCode(api, { receiver: value.trim(), scene: "bind", captcha: captchaText.trim(), identifier });
      return true;
    } catch (error) {
      form.showCode(error, { 1004: "value", 1009: "value", 1010: "value" });
      return false;
    } finally {
      setCaptchaText("");
      captcha.reload();
    }
  };

  const submit = async () => {
    if (!form.checkAll({ value: checkValue(value), code: checkCode(code) })) return;
    setBusy(true);
    try {
      const trimmed = value.trim();
      const token =
        props.method === "phone"
          ? await bindContact(api, { method: "phone", phone: trimmed, code: code.trim() })
          : await bindContact(api, { method: "email", email: trimmed, code: code.trim() });
      props.onDone(token);
    } catch (error) {
      form.showCode(error, { 1004: "value", 1005: "code", 1008: "code", 1009: "value", 1010: "value" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <EditDialog
      title={props.method === "phone" ? t.editPhone : t.editEmail}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <Field
        label={i18n._(props.method === "phone" ? t.newPhone : t.newEmail)}
        required
        {...FieldError(form.errors.value, (d) => i18n._(d))}
      >
        <Input
          name={props.method}
          value={value}
          onChange={(_, d) => setValue(d.value)}
          onBlur={onLeave(() => form.check("value", checkValue(value)))}
        />
      </Field>
      <CaptchaInput
        state={captcha}
        value={captchaText}
        onChange={setCaptchaText}
        error={form.errors.captcha}
      />
      <CodeInput value={code} onChange={setCode} onSend={send} error={form.errors.code} />
    </EditDialog>
  );
}

function WechatDialog(props: DialogProps) {
  const { i18n } = useLingui();
  const { session } = useServices();
  const config = useOAuthConfig();
  const wechat = config?.wechat ?? null;
  return (
    <EditDialog title={t.editWechat} onClose={props.onClose}>
      {config && !wechat ? (
        <Text>{i18n._(t.wechatUnavailable)}</Text>
      ) : (
        <>
          <Text>{i18n._(t.wechatIntro)}</Text>
          <Button
            appearance="primary"
            disabled={!wechat}
            onClick={() => {
              if (!wechat) return;
              window.location.assign(
                startOAuth(session, "wechat", wechat.authorize_url, "bind", () => crypto.randomUUID()),
              );
            }}
          >
            {i18n._(t.wechatGo)}
          </Button>
        </>
      )}
    </EditDialog>
  );
}

export function ProfileDialog(props: DialogProps & { kind: EditKind }) {
  switch (props.kind) {
    case "avatar":
      return <AvatarDialog {...props} />;
    case "nickname":
      return <NicknameDialog {...props} />;
    case "password":
      return <PasswordDialog {...props} />;
    case "phone":
      return <ContactDialog {...props} method="phone" />;
    case "email":
      return <ContactDialog {...props} method="email" />;
    case "wechat":
      return <WechatDialog {...props} />;
  }
}
