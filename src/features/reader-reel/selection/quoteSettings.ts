/**
 * Keeping the quote-copy settings (spec section 3, `quoteCopy`): in localStorage on every device,
 * and for a signed-in reader also on the server (`user_conf/read_config/quoteCopy`).
 */
import type { KeyValueStorage } from "../../../auth/authState.ts";
import {
  CITE_STYLES,
  type CiteStyle,
  DEFAULT_QUOTE_SETTINGS,
  type QuoteSettings,
  SUTRA_BEFORE,
} from "./citation.ts";

export const QUOTE_SETTINGS_KEY = "canon-reader.quote-copy";
export const QUOTE_SERVER_FIELD = "quoteCopy";

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === "boolean" ? value : fallback);

/** Makes any stored value a valid settings object; what is missing or wrong takes the default. */
export function normaliseQuoteSettings(raw: unknown): QuoteSettings {
  const value = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return {
    sutraPostion: value.sutraPostion === SUTRA_BEFORE ? SUTRA_BEFORE : DEFAULT_QUOTE_SETTINGS.sutraPostion,
    showTitle: flag(value.showTitle, DEFAULT_QUOTE_SETTINGS.showTitle),
    showSymbol: flag(value.showSymbol, DEFAULT_QUOTE_SETTINGS.showSymbol),
    showParagraph: flag(value.showParagraph, DEFAULT_QUOTE_SETTINGS.showParagraph),
    citeStyle: CITE_STYLES.includes(value.citeStyle as CiteStyle)
      ? (value.citeStyle as CiteStyle)
      : DEFAULT_QUOTE_SETTINGS.citeStyle,
    showNotes: flag(value.showNotes, DEFAULT_QUOTE_SETTINGS.showNotes),
  };
}

export function loadQuoteSettings(storage: KeyValueStorage): QuoteSettings {
  try {
    const stored = storage.getItem(QUOTE_SETTINGS_KEY);
    if (stored) return normaliseQuoteSettings(JSON.parse(stored));
  } catch {
    // Unreadable settings: start from the defaults.
  }
  return DEFAULT_QUOTE_SETTINGS;
}

export function saveQuoteSettings(storage: KeyValueStorage, settings: QuoteSettings): void {
  try {
    storage.setItem(QUOTE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or unavailable: the settings last for this page.
  }
}
