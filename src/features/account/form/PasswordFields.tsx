/**
 * A new password typed twice (spec section 5): each is checked when it is left; the confirmation
 * is compared as it is typed (quietly while it is shorter) and again when the password changes.
 */
import type { MessageDescriptor } from "@lingui/core";
import { useState } from "react";
import { accountText as t } from "../messages.ts";
import { type Check, checkNewPassword, checkRepeat, checkRepeatTyping } from "../validation.ts";
import { AccountInput } from "./AccountInput.tsx";
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
  const { form } = props;
  const { password, repeat, setPassword, setRepeat } = props.value;
  return (
    <>
      <AccountInput
        form={form}
        field="password"
        label={props.label}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (repeat !== "") form.check("repeat", checkRepeatTyping(value, repeat, true));
        }}
        rule={checkNewPassword}
      />
      <AccountInput
        form={form}
        field="repeat"
        label={props.repeatLabel ?? t.repeatPassword}
        name="password_repeated"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(value) => {
          setRepeat(value);
          form.check("repeat", checkRepeatTyping(password, value, form.errors.repeat !== undefined));
        }}
        rule={(value) => checkRepeat(password, value)}
      />
    </>
  );
}
