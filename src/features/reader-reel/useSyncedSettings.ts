/**
 * The reel reader's settings: kept in localStorage on every device, and for a signed-in reader
 * also on the server (`user_conf/read_config/reelSettings`), which wins when the reader opens a reel.
 */
import { useEffect, useRef, useState } from "react";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { fetchReadConfig, saveReadConfig } from "../../api/readerData.ts";
import { useServices } from "../../app/shell/services.ts";
import { loadSettings, normaliseSettings, type ReadingSettings, saveSettings } from "./readingSettings.ts";

export const SERVER_FIELD = "reelSettings";

export function useSyncedSettings(
  fallbackTextType: TxtType,
): [ReadingSettings, (next: ReadingSettings) => void] {
  const { api, auth } = useServices();
  const [settings, setSettings] = useState<ReadingSettings>(() =>
    loadSettings(window.localStorage, fallbackTextType),
  );
  const fallback = useRef(fallbackTextType);
  fallback.current = fallbackTextType;

  useEffect(() => {
    if (!auth.state().signedIn) return;
    const controller = new AbortController();
    fetchReadConfig(api, controller.signal).then(
      (stored) => {
        const remote = stored[SERVER_FIELD];
        if (!remote || typeof remote !== "object") return;
        const local = loadSettings(window.localStorage, fallback.current);
        const next = normaliseSettings(remote, local.textType);
        // A guide finished on any device stays finished.
        if (local.isGuide) next.isGuide = true;
        setSettings(next);
        saveSettings(window.localStorage, next);
      },
      () => {
        // Offline or refused: the settings on this device stay.
      },
    );
    return () => controller.abort();
  }, [api, auth]);

  const change = (next: ReadingSettings) => {
    setSettings(next);
    saveSettings(window.localStorage, next);
    if (auth.state().signedIn) {
      saveReadConfig(api, SERVER_FIELD, { ...next }).catch(() => {
        // Kept on this device; the next change tries the server again.
      });
    }
  };
  return [settings, change];
}
