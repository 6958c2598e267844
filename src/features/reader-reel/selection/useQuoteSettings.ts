/** The quote-copy settings as React state, read from this device and the server, kept on both. */
import { useEffect, useState } from "react";
import { useServices } from "../../../app/shell/services.ts";
import { saveReadConfig } from "../../../offline/outbox/mutations.ts";
import type { QuoteSettings } from "./citation.ts";
import {
  loadQuoteSettings,
  normaliseQuoteSettings,
  QUOTE_SERVER_FIELD,
  saveQuoteSettings,
} from "./quoteSettings.ts";

export function useQuoteSettings(): [QuoteSettings, (next: QuoteSettings) => void] {
  const { outbox, auth } = useServices();
  const [settings, setSettings] = useState<QuoteSettings>(() => loadQuoteSettings(window.localStorage));

  useEffect(() => {
    if (!auth.state().signedIn) return;
    let current = true;
    outbox.readConfig(QUOTE_SERVER_FIELD).then(
      (remote) => {
        if (!current || !remote || typeof remote !== "object") return;
        const next = normaliseQuoteSettings(remote);
        setSettings(next);
        saveQuoteSettings(window.localStorage, next);
      },
      () => {
        // Offline or refused: the settings on this device stay.
      },
    );
    return () => {
      current = false;
    };
  }, [outbox, auth]);

  const change = (next: QuoteSettings) => {
    setSettings(next);
    saveQuoteSettings(window.localStorage, next);
    if (auth.state().signedIn) {
      outbox
        .write((ctx) => saveReadConfig(ctx, QUOTE_SERVER_FIELD, { ...next }))
        .catch(() => {
          // Kept on this device; the personal area lists a change the server refused.
        });
    }
  };
  return [settings, change];
}
