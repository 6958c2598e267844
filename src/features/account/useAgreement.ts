/**
 * The user agreement and privacy policy checkbox of the sign-in screen, shared by every way in. The
 * tick is kept for the tab's session, so a reader who comes back from WeChat or Google (or from a
 * failed trip there) finds it as they left it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useState } from "react";
import { useServices } from "../../app/shell/services.ts";
import { checkAgreement } from "./validation.ts";

export const AGREEMENT_KEY = "canon-reader.agreed";

export type Agreement = {
  agreed: boolean;
  error: MessageDescriptor | undefined;
  set(agreed: boolean): void;
  /** Answers whether the reader agreed, showing the message when not. */
  require(): boolean;
};

export function useAgreement(): Agreement {
  const { session } = useServices();
  const [agreed, setAgreed] = useState(() => session.getItem(AGREEMENT_KEY) === "1");
  const [error, setError] = useState<MessageDescriptor | undefined>(undefined);
  const set = useCallback(
    (next: boolean) => {
      setAgreed(next);
      if (next) {
        session.setItem(AGREEMENT_KEY, "1");
        setError(undefined);
      } else session.removeItem(AGREEMENT_KEY);
    },
    [session],
  );
  const require = useCallback(() => {
    const problem = checkAgreement(agreed);
    setError(problem ?? undefined);
    return problem === null;
  }, [agreed]);
  return { agreed, error, set, require };
}
