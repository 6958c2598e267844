/** Per-field messages of a form, set by its rules and by the server's codes. */
import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useState } from "react";
import { ApiCodeError } from "../../api/errors.ts";
import { errorCodeMessages } from "../../i18n/errorMessages.ts";
import type { Check } from "./validation.ts";

export type FormErrors<K extends string> = {
  errors: Partial<Record<K, MessageDescriptor>>;
  /** Shows or clears one field's message; answers whether the field is fine. */
  check(field: K, result: Check): boolean;
  /** Runs every rule; answers whether the form may be sent. */
  checkAll(checks: Partial<Record<K, Check>>): boolean;
  /** Puts a screen-handled server code (1000 and above) under `field`; false for other errors. */
  showCode(error: unknown, fields: Partial<Record<number, K>>): boolean;
};

export function useFormErrors<K extends string>(): FormErrors<K> {
  const [errors, setErrors] = useState<Partial<Record<K, MessageDescriptor>>>({});
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
    return Object.keys(next).length === 0;
  }, []);
  const showCode = useCallback(
    (error: unknown, fields: Partial<Record<number, K>>) => {
      if (!(error instanceof ApiCodeError) || error.code === null) return false;
      const field = fields[error.code];
      const message = errorCodeMessages[error.code];
      if (!field || !message) return false;
      check(field, message);
      return true;
    },
    [check],
  );
  return { errors, check, checkAll, showCode };
}

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
