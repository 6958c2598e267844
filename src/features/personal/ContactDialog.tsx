/**
 * The phone and e-mail modals: the new value, the image captcha and the code sent to the new
 * value (resend after 60 s). A new e-mail must differ from the bound one; the server's refusals
 * show on their fields: taken (1004) or wrong (1009, 1010) on the value, wrong (1005) or expired
 * (1008) on the code.
 */
import { bindContact } from "../../api/profile.ts";
import { useServices } from "../../app/shell/services.ts";
import { FormAlert } from "../account/fields.tsx";
import { CodeField, ReceiverField } from "../account/form/CodeFields.tsx";
import { useAccountForm } from "../account/form/useAccountForm.ts";
import { CODE_REFUSALS, type CodeFieldName, useCodeSender } from "../account/form/useCodeSender.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";
import { type BindingMethod, checkBindingValue } from "./validation.ts";

const VALUE_CODES = [1004, 1009, 1010] as const;

const TEXT = {
  phone: { title: t.editPhone, label: t.newPhone, type: "tel", autoComplete: "tel" },
  email: { title: t.editEmail, label: t.newEmail, type: "email", autoComplete: "email" },
} as const;

export function ContactDialog(props: EditDialogProps & { method: BindingMethod }) {
  const { api } = useServices();
  const { method } = props;
  const current = method === "phone" ? props.profile.phone : props.profile.email;
  const form = useAccountForm<CodeFieldName>();
  const sender = useCodeSender(form, {
    scene: "bind",
    receiverCodes: VALUE_CODES,
    checkReceiver: (value) => checkBindingValue(method, value, current),
  });

  const submit = () =>
    form.submit({
      checks: sender.checks(),
      call: async () => {
        const v = sender.receiver.trim();
        const c = sender.code.trim();
        const token = await bindContact(
          api,
          method === "phone" ? { method, phone: v, code: c } : { method, email: v, code: c },
        );
        props.onDone(token);
      },
      fields: { ...CODE_REFUSALS, 1004: "contact", 1009: "contact", 1010: "contact" },
    });

  const text = TEXT[method];
  return (
    <EditDialog title={text.title} onClose={props.onClose} onSubmit={() => void submit()} busy={form.busy}>
      <ReceiverField
        form={form}
        sender={sender}
        name={method}
        label={text.label}
        type={text.type}
        autoComplete={text.autoComplete}
        live
      />
      <CodeField form={form} sender={sender} />
      <FormAlert failure={form.failure} />
    </EditDialog>
  );
}
