/**
 * A new password typed twice (spec section 5): each is checked when it is left; the confirmation
 * is compared as it is typed (quietly while it is shorter) and again when the password changes.
 */
import { Field, Input } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { accountText as t } from "../messages.ts";
import { onLeave } from "../useFormErrors.ts";
import { type Check, checkNewPassword, checkRepeat, checkRepeatTyping } from "../validation.ts";
import type { AccountFormState } from "./useAccountForm.ts";

export type NewPassword = {
  password: string;
  repeat: string;
  setPassword(value: string): void;
  setRepeat(value: string): void;
  /** The rules of both fields, for the form's submission. */
  checks(): { password: Check; repeat: Check };
};

export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    checks: () => ({ password: checkNewPassword(password), repeat: checkRepeat(password, repeat) }),
  };
}

export function NewPasswordFields(props: {
  form: AccountFormState<"password" | "repeat">;
  value: NewPassword;
  label: MessageDescriptor;
  repeatLabel?: MessageDescriptor;
}) {
  const { i18n } = useLingui();
  const { form } = props;
  const { password, repeat, setPassword, setRepeat } = props.value;
  return (
    <>
      <Field label={i18n._(props.label)} required {...form.show("password")}>
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
      <Field label={i18n._(props.repeatLabel ?? t.repeatPassword)} required {...form.show("repeat")}>
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
    </>
  );
}
