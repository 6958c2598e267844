/** The quote-copy settings as React state, read from this device and the server, kept on both. */
import { useEffect, useState } from "react";
import { fetchReadConfig, saveReadConfig } from "../../../api/readerData.ts";
import { useServices } from "../../../app/shell/services.ts";
import type { QuoteSettings } from "./citation.ts";
import {
  loadQuoteSettings,
  normaliseQuoteSettings,
  QUOTE_SERVER_FIELD,
  saveQuoteSettings,
} from "./quoteSettings.ts";

export function useQuoteSettings(): [QuoteSettings, (next: QuoteSettings) => void] {
  const { api, auth } = useServices();
  const [settings, setSettings] = useState<QuoteSettings>(() => loadQuoteSettings(window.localStorage));

  useEffect(() => {
    if (!auth.state().signedIn) return;
    const controller = new AbortController();
    fetchReadConfig(api, controller.signal).then(
      (stored) => {
        const remote = stored[QUOTE_SERVER_FIELD];
        if (!remote || typeof remote !== "object") return;
        const next = normaliseQuoteSettings(remote);
        setSettings(next);
        saveQuoteSettings(window.localStorage, next);
      },
      () => {
        // Offline or refused: the settings on this device stay.
      },
    );
    return () => controller.abort();
  }, [api, auth]);

  const change = (next: QuoteSettings) => {
    setSettings(next);
    saveQuoteSettings(window.localStorage, next);
    if (auth.state().signedIn) {
      saveReadConfig(api, QUOTE_SERVER_FIELD, { ...next }).catch(() => {
        // Kept on this device; the next change tries the server again.
      });
    }
  };
  return [settings, change];
}
