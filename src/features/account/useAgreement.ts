/** The user agreement and privacy policy checkbox of the sign-in screen, shared by every way in. */
import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useState } from "react";
import { checkAgreement } from "./validation.ts";

export type Agreement = {
  agreed: boolean;
  error: MessageDescriptor | undefined;
  set(agreed: boolean): void;
  /** Answers whether the reader agreed, showing the message when not. */
  require(): boolean;
};

export function useAgreement(): Agreement {
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<MessageDescriptor | undefined>(undefined);
  const set = useCallback((next: boolean) => {
    setAgreed(next);
    if (next) setError(undefined);
  }, []);
  const require = useCallback(() => {
    const problem = checkAgreement(agreed);
    setError(problem ?? undefined);
    return problem === null;
  }, [agreed]);
  return { agreed, error, set, require };
}
