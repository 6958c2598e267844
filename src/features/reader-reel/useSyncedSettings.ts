/**
 * The reel reader's settings: kept in localStorage on every device, and for a signed-in reader
 * also on the server (`user_conf/read_config/reelSettings`), which wins when the reader opens a reel
 * (a change still waiting in the outbox counts as the server's: it is on its way there).
 */
import { useEffect, useRef, useState } from "react";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { useServices } from "../../app/shell/services.ts";
import { rememberReading } from "./readingCookie.ts";
import { loadSettings, normaliseSettings, type ReadingSettings, saveSettings } from "./readingSettings.ts";

export const SERVER_FIELD = "reelSettings";

export function useSyncedSettings(
  fallbackTextType: TxtType,
): [ReadingSettings, (next: ReadingSettings) => void] {
  const { outbox, auth } = useServices();
  const [settings, setSettings] = useState<ReadingSettings>(() =>
    loadSettings(window.localStorage, fallbackTextType),
  );
  const fallback = useRef(fallbackTextType);
  fallback.current = fallbackTextType;

  useEffect(() => {
    if (!auth.state().signedIn) return;
    let current = true;
    outbox.readConfig(SERVER_FIELD).then(
      (remote) => {
        if (!current || !remote || typeof remote !== "object") return;
        const local = loadSettings(window.localStorage, fallback.current);
        const next = normaliseSettings(remote, local.textType);
        // A guide finished on any device stays finished.
        if (local.isGuide) next.isGuide = true;
        setSettings(next);
        saveSettings(window.localStorage, next);
        rememberReading(document, next);
      },
      () => {
        // Offline or refused: the settings on this device stay.
      },
    );
    return () => {
      current = false;
    };
  }, [outbox, auth]);

  const change = (next: ReadingSettings) => {
    setSettings(next);
    saveSettings(window.localStorage, next);
    rememberReading(document, next);
    if (auth.state().signedIn) {
      outbox
        .write((ctx, m) => m.saveReadConfig(ctx, SERVER_FIELD, { ...next }))
        .catch(() => {
          // Kept on this device; the personal area lists a change the server refused.
        });
    }
  };
  return [settings, change];
}
