/** The state of an account form: its fields' messages, the refusal above it, and its sending. */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { FieldError } from "../fields.tsx";
import { type FormErrors, useFormErrors } from "../useFormErrors.ts";
import type { Check } from "../validation.ts";

export type Submission<K extends string> = {
  checks: Partial<Record<K, Check>>;
  /** False when a check kept outside the form (the agreement) failed; the form's rules run anyway. */
  ready?: boolean;
  call(): Promise<void>;
  /** The codes shown under a field rather than above the form. */
  fields?: Partial<Record<number, K>>;
  /** What else the form does about a refusal, once it shows. */
  onError?(error: unknown): void;
};

export type AccountFormState<K extends string> = FormErrors<K> & {
  /** Whether the form is being sent (its submit button waits). */
  busy: boolean;
  /** The field's message as the props of its Fluent `Field`. */
  show(field: K): ReturnType<typeof FieldError>;
  /** Runs the rules and, when they pass, the call; a refusal shows under its field or above the form. */
  submit(submission: Submission<K>): Promise<void>;
};

export function useAccountForm<K extends string>(): AccountFormState<K> {
  const { i18n } = useLingui();
  const errors = useFormErrors<K>();
  const [busy, setBusy] = useState(false);

  const submit = async (submission: Submission<K>) => {
    const ok = errors.checkAll(submission.checks);
    if (!ok || submission.ready === false) return;
    setBusy(true);
    try {
      await submission.call();
    } catch (error) {
      errors.showCode(error, submission.fields ?? {});
      submission.onError?.(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    ...errors,
    busy,
    show: (field) => FieldError(errors.errors[field], (d) => i18n._(d)),
    submit,
  };
}
