/** An article's spinner and error bar, with the app's "not available offline" state in place of the error. */
import { NotAvailableOffline } from "../../offline/reading/NotAvailableOffline.tsx";
import { isNotAvailableOffline } from "../../offline/reading/notAvailable.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import type { Load } from "../../ui/useLoad.ts";
import { articleText as t } from "./text.ts";

export function ArticleStatus<T>({ load }: { load: Load<T> }) {
  if (!load.loading && isNotAvailableOffline(load.error)) {
    return <NotAvailableOffline error={load.error} message={t.notKept} onRetry={load.reload} />;
  }
  return <LoadStatus load={load} />;
}
