/**
 * The download button and dialog as the feature screens place them: loaded on their own, with the
 * offline library, after the screen's first paint. Clicks and keys inside (the dialog's included,
 * which React bubbles through its portal) stop here, so a tree item or table row around the
 * button does not react to them.
 */
import { type KeyboardEvent, type MouseEvent, Suspense } from "react";
import { lazyPart } from "../../ui/lazyPart.tsx";
import type { DownloadButtonProps } from "./DownloadButton.tsx";
import type { DownloadDialogProps } from "./DownloadDialog.tsx";

const DownloadButton = lazyPart(() => import("./DownloadButton.tsx"), "DownloadButton");
const DownloadDialog = lazyPart(() => import("./DownloadDialog.tsx"), "DownloadDialog");

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

export function LazyDownloadButton(props: DownloadButtonProps) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the button's events from its container
    <span onClick={stop} onKeyDown={stop}>
      <Suspense fallback={null}>
        <DownloadButton {...props} />
      </Suspense>
    </span>
  );
}

export function LazyDownloadDialog(props: DownloadDialogProps) {
  return (
    <Suspense fallback={null}>
      <DownloadDialog {...props} />
    </Suspense>
  );
}
