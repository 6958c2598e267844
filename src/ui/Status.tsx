/** Loading and error states shared by the views. */
import { Button, Spinner } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { common } from "../i18n/messages.ts";
import { Notice } from "./Notice.tsx";
import type { Load } from "./useLoad.ts";

/** Renders a spinner while `load` runs and an error bar with a retry button when it failed. */
export function LoadStatus<T>({ load }: { load: Load<T> }) {
  const { i18n } = useLingui();
  if (load.loading) return <Spinner size="small" label={i18n._(common.loading)} labelPosition="after" />;
  if (load.error) {
    return (
      <Notice
        intent="error"
        actions={
          <Button size="small" onClick={load.reload}>
            {i18n._(common.retry)}
          </Button>
        }
      >
        {i18n._(common.error)}：{load.error.message}
      </Notice>
    );
  }
  return null;
}
