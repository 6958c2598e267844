/**
 * The phone and e-mail modals: the new value, the image captcha and the code sent to the new
 * value (resend after 60 s). A new e-mail must differ from the bound one; the server's refusals
 * show on their fields: taken (1004) or wrong (1009, 1010) on the value, wrong (1005) or expired
 * (1008) on the code.
 */
import { Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { bindContact } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { CaptchaInput, CodeInput, FieldError, FormAlert } from "../account/fields.tsx";
import { useCaptcha } from "../account/useCaptcha.ts";
import { useCodeSender } from "../account/useCodeSender.ts";
import { onLeave, useFormErrors } from "../account/useFormErrors.ts";
import { checkCode } from "../account/validation.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";
import { type BindingMethod, checkBindingValue } from "./validation.ts";

type ContactField = "contact" | "captcha" | "code";

const VALUE_CODES = [1004, 1009, 1010] as const;
const BIND_CODE_FIELDS: Partial<Record<number, ContactField>> = {
  1004: "contact",
  1005: "code",
  1008: "code",
  1009: "contact",
  1010: "contact",
};

const TEXT = {
  phone: { title: t.editPhone, label: t.newPhone, autoComplete: "tel" },
  email: { title: t.editEmail, label: t.newEmail, autoComplete: "email" },
} as const;

export function ContactDialog(props: EditDialogProps & { method: BindingMethod }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const { method } = props;
  const [value, setValue] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const form = useFormErrors<ContactField>();
  const current = method === "phone" ? props.profile.phone : props.profile.email;
  const checkValue = (v: string) => checkBindingValue(method, v, current);

  const sendCode = useCodeSender({
    scene: "bind",
    contact: value,
    captchaText,
    setCaptchaText,
    captcha,
    form,
    contactCodes: VALUE_CODES,
  });
  const send = async (): Promise<boolean> => form.check("contact", checkValue(value)) && sendCode();

  const submit = async () => {
    if (!form.checkAll({ contact: checkValue(value), code: checkCode(code) })) return;
    setBusy(true);
    try {
      const v = value.trim();
      const c = code.trim();
      const token = await bindContact(
        api,
        method === "phone" ? { method, phone: v, code: c } : { method, email: v, code: c },
      );
      props.onDone(token);
    } catch (error) {
      form.showCode(error, BIND_CODE_FIELDS);
    } finally {
      setBusy(false);
    }
  };

  const text = TEXT[method];
  return (
    <EditDialog title={text.title} onClose={props.onClose} onSubmit={() => void submit()} busy={busy}>
      <Field label={i18n._(text.label)} required {...FieldError(form.errors.contact, (d) => i18n._(d))}>
        <Input
          name={method}
          type={method === "email" ? "email" : "tel"}
          autoComplete={text.autoComplete}
          value={value}
          onChange={(_, d) => {
            setValue(d.value);
            if (form.errors.contact) form.check("contact", checkValue(d.value));
          }}
          onBlur={onLeave(() => form.check("contact", checkValue(value)))}
        />
      </Field>
      <CaptchaInput
        state={captcha}
        value={captchaText}
        onChange={setCaptchaText}
        error={form.errors.captcha}
      />
      <CodeInput value={code} onChange={setCode} onSend={send} error={form.errors.code} />
      <FormAlert failure={form.failure} />
    </EditDialog>
  );
}
