/** Per-field messages of a form, set by its rules and by the server's codes. */
import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useState } from "react";
import { ApiCodeError, ApiError } from "../../api/errors.ts";
import { errorCodeMessages } from "../../i18n/errorMessages.ts";
import type { Check } from "./validation.ts";

/**
 * A refusal no field explains: a screen-handled code (1000 and above) with the server's message,
 * or no answer at all (code null: offline, timed out).
 */
export type FormFailure = { code: number | null; msg: string };

export type FormErrors<K extends string> = {
  errors: Partial<Record<K, MessageDescriptor>>;
  failure: FormFailure | null;
  /** Shows or clears one field's message; answers whether the field is fine. */
  check(field: K, result: Check): boolean;
  /** Runs every rule; answers whether the form may be sent. */
  checkAll(checks: Partial<Record<K, Check>>): boolean;
  /**
   * Shows a failed call: a code listed in `fields` under its field (codes below 1000 are toasted
   * by the API client as well), another screen-handled code or a lost connection above the form.
   */
  showCode(error: unknown, fields: Partial<Record<number, K>>): void;
};

export function useFormErrors<K extends string>(): FormErrors<K> {
  const [errors, setErrors] = useState<Partial<Record<K, MessageDescriptor>>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const check = useCallback((field: K, result: Check) => {
    setErrors((current) => {
      const next = { ...current };
      if (result) next[field] = result;
      else delete next[field];
      return next;
    });
    return result === null;
  }, []);
  const checkAll = useCallback((checks: Partial<Record<K, Check>>) => {
    const next: Partial<Record<K, MessageDescriptor>> = {};
    for (const [field, result] of Object.entries(checks) as [K, Check][]) if (result) next[field] = result;
    setErrors(next);
    setFailure(null);
    return Object.keys(next).length === 0;
  }, []);
  const showCode = useCallback(
    (error: unknown, fields: Partial<Record<number, K>>) => {
      if (!(error instanceof ApiError)) {
        setFailure({ code: null, msg: "" });
        return;
      }
      const field = error.code === null ? undefined : fields[error.code];
      const message = error.code === null ? undefined : errorCodeMessages[error.code];
      if (field && message) check(field, message);
      else if (error instanceof ApiCodeError) setFailure({ code: error.code, msg: serverMsg(error) });
    },
    [check],
  );
  return { errors, failure, check, checkAll, showCode };
}

/** The envelope's `msg`; an empty one becomes "error {code}" in the error's message. */
const serverMsg = (error: ApiCodeError): string =>
  error.message === `error ${error.code}` ? "" : error.message;

/**
 * A blur handler that checks the field unless focus is moving to a button: the message it shows
 * would shift the button under the pointer mid-click, and the button's own action checks anyway.
 */
export function onLeave(run: () => void) {
  return (event: { relatedTarget: EventTarget | null }) => {
    const next = event.relatedTarget;
    if (next instanceof HTMLElement && next.tagName === "BUTTON") return;
    run();
  };
}
