/** Loading and error states shared by the views. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { common } from "../i18n/messages.ts";
import type { Load } from "./useLoad.ts";

/** Renders a spinner while `load` runs and an error bar with a retry button when it failed. */
export function LoadStatus<T>({ load }: { load: Load<T> }) {
  const { i18n } = useLingui();
  if (load.loading) return <Spinner size="small" label={i18n._(common.loading)} labelPosition="after" />;
  if (load.error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {i18n._(common.error)}：{load.error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={load.reload}>
            {i18n._(common.retry)}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return null;
}
