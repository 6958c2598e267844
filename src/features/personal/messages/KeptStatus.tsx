/** Loading and error states of a personal-centre read, saying so when it was never opened online. */
import { useLingui } from "@lingui/react";
import { NotKeptOfflineError } from "../../../offline/outbox/answers.ts";
import { MessageLine } from "../../../ui/MessageLine.tsx";
import { LoadStatus } from "../../../ui/Status.tsx";
import type { Load } from "../../../ui/useLoad.ts";
import { messageText as t } from "./text.ts";

export function KeptStatus<T>({ load }: { load: Load<T> }) {
  const { i18n } = useLingui();
  if (load.error instanceof NotKeptOfflineError) {
    return (
      <MessageLine intent="info" data-not-kept-offline>
        {i18n._(t.notKeptOffline)}
      </MessageLine>
    );
  }
  return <LoadStatus load={load} />;
}
