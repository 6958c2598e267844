/** Loading and error states shared by the views. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from "@fluentui/react-components";
import { strings } from "./strings.ts";
import type { Load } from "./useLoad.ts";

/** Renders a spinner while `load` runs and an error bar with a retry button when it failed. */
export function LoadStatus<T>({ load }: { load: Load<T> }) {
  if (load.loading) return <Spinner size="small" label={strings.loading} labelPosition="after" />;
  if (load.error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {strings.error}：{load.error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={load.reload}>
            {strings.retry}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return null;
}
