/**
 * The header's link to the storage panel, shown to every reader, signed in or not. Mounted with the
 * shell, it also starts the download manager once the first screen is up: downloads a closed page
 * left running go on, and downloads follow the network from then on.
 */
import { useLingui } from "@lingui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { useEffect } from "react";
import { useServices } from "../../app/shell/services.ts";
import { RouterLink as FluentRouterLink } from "../../ui/RouterLink.tsx";
import { storageText } from "./messages.ts";

export function OfflineLink(props: { className?: string }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void import("./appDownloads.ts").then(({ startAppDownloads }) => {
      if (live) stop = startAppDownloads(api);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [api]);
  return (
    <RouterLink to="/offline" className={props.className} data-offline-link>
      {i18n._(storageText.title)}
    </RouterLink>
  );
}

/** A plain link to the storage panel (the personal centre's). */
export function StoragePanelLink(props: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <FluentRouterLink to="/offline" className={props.className} data-storage-panel-link>
      {i18n._(storageText.title)}
    </FluentRouterLink>
  );
}
