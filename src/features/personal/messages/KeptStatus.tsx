/** Loading and error states of a personal-centre read, saying so when it was never opened online. */
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { NotKeptOfflineError } from "../../../offline/outbox/answers.ts";
import { LoadStatus } from "../../../ui/Status.tsx";
import type { Load } from "../../../ui/useLoad.ts";
import { messageText as t } from "./text.ts";

export function KeptStatus<T>({ load }: { load: Load<T> }) {
  const { i18n } = useLingui();
  if (load.error instanceof NotKeptOfflineError) {
    return (
      <MessageBar intent="info" data-not-kept-offline>
        <MessageBarBody>{i18n._(t.notKeptOffline)}</MessageBarBody>
      </MessageBar>
    );
  }
  return <LoadStatus load={load} />;
}
