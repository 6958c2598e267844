/**
 * The header's link to the storage panel, shown to every reader, signed in or not. Mounted with the
 * shell, it also starts the download manager once the first screen is up when this browser holds
 * a download: downloads a closed page left running go on, and downloads follow the network.
 */
import { useLingui } from "@lingui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { useEffect } from "react";
import { useServices } from "../../app/shell/services.ts";
import { RouterLink as FluentRouterLink } from "../../ui/RouterLink.tsx";
import { pwaText } from "../pwa/messages.ts";

export function OfflineLink(props: { className?: string }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  useEffect(() => {
    let live = true;
    // Without a download in this browser there is nothing to resume: the manager and its
    // IndexedDB code stay unloaded until the reader starts one. The check itself loads after the
    // first screen, which it never changes.
    void import("../pwa/offlineParts.ts")
      .then(({ hasDownloads }) => hasDownloads())
      .then(async (any) => {
        if (!any || !live) return;
        const { startAppDownloads } = await import("./appDownloads.ts");
        if (live) startAppDownloads(api);
      });
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <RouterLink to="/offline" className={props.className} data-offline-link>
      {i18n._(pwaText.storageTitle)}
    </RouterLink>
  );
}

/** A plain link to the storage panel (the personal centre's). */
export function StoragePanelLink(props: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <FluentRouterLink to="/offline" className={props.className} data-storage-panel-link>
      {i18n._(pwaText.storageTitle)}
    </FluentRouterLink>
  );
}
