/**
 * A write as a screen makes it: stored on this device with its effect, and sent at once when
 * online. It resolves once the server has it or it is queued; it throws (already shown to the
 * reader, as the API client does) when refused here or by the server.
 */
import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { refusalText } from "./messages.ts";
import { LocalRefusal, type WriteContext } from "./mutations.ts";

/** The body code a refusal on this device is shown with: the one the server would answer. */
const BAD_REQUEST = 400;

export type Write = (mutation: (ctx: WriteContext) => Promise<number | null>) => Promise<void>;

export function useWrite(): Write {
  const { outbox, events } = useServices();
  const { i18n } = useLingui();
  return useCallback(
    async (mutation) => {
      let outcome: Awaited<ReturnType<typeof outbox.write>>;
      try {
        outcome = await outbox.write(mutation);
      } catch (error) {
        if (!(error instanceof LocalRefusal)) throw error;
        const msg = i18n._(refusalText[error.reason]);
        events.emit("notice", { kind: "code", code: BAD_REQUEST, msg });
        throw new ApiError(msg, BAD_REQUEST, BAD_REQUEST, true);
      }
      if (outcome.kind === "failed") {
        const { status, code, msg } = outcome.record.last_error ?? { status: null, code: null, msg: "" };
        throw new ApiError(msg, status ?? 0, code, true);
      }
    },
    [outbox, events, i18n],
  );
}
