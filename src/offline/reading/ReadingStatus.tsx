/** A load's spinner and error bar, with the "not available offline" state in place of the error. */
import type { TxtType } from "../../../contract/tripitaka.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import type { Load } from "../../ui/useLoad.ts";
import { NotAvailableOffline } from "./NotAvailableOffline.tsx";
import { isNotAvailableOffline } from "./notAvailable.ts";

export function ReadingStatus<T>(props: { load: Load<T>; onTextType?: (txtType: TxtType) => void }) {
  const { load } = props;
  if (!load.loading && isNotAvailableOffline(load.error)) {
    return <NotAvailableOffline error={load.error} onRetry={load.reload} onTextType={props.onTextType} />;
  }
  return <LoadStatus load={load} />;
}
