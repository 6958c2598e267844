/**
 * The search settings (spec sections 3 and 4): the text type results are shown in and how the
 * keyword is converted. The text type is the address's `txt_type` when valid, else the reader's own
 * choice, else simplified for the zh-CN interface and standard traditional otherwise. The conversion
 * follows the text type (std_txt → uni2std, sim_txt → uni2sim, others none) unless the reader chose
 * one (their own search config). Both choices are kept in localStorage.
 */
import {
  conversionFor,
  defaultTextType,
  TRANS_MODES,
  type TransMode,
} from "../../../contract/search-options.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import type { KeyValueStorage } from "../../auth/authState.ts";
import type { TextChoice } from "./searchRequest.ts";

export const SEARCH_SETTINGS_KEY = "canon-reader.search-settings";

export type SearchSettings = {
  /** The text type the reader chose; null until they choose one. */
  textType: TxtType | null;
  /** The conversion the reader chose (their own search config); null to follow the text type. */
  transMode: TransMode | null;
};

export const NO_CHOICE: SearchSettings = { textType: null, transMode: null };

export function textChoice(
  queryTxtType: TxtType | null,
  settings: SearchSettings,
  locale: string,
): TextChoice {
  const txtType = queryTxtType ?? settings.textType ?? defaultTextType(locale);
  return { txtType, transMode: settings.transMode ?? conversionFor(txtType) };
}

export function normaliseSearchSettings(raw: unknown): SearchSettings {
  const value = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return {
    textType: txtTypes.find((type) => type === value.textType) ?? null,
    transMode: TRANS_MODES.find((mode) => mode === value.transMode) ?? null,
  };
}

export function readSearchSettings(storage: Pick<KeyValueStorage, "getItem">): SearchSettings {
  try {
    return normaliseSearchSettings(JSON.parse(storage.getItem(SEARCH_SETTINGS_KEY) ?? "null"));
  } catch {
    return NO_CHOICE;
  }
}

export function writeSearchSettings(storage: Pick<KeyValueStorage, "setItem">, settings: SearchSettings) {
  try {
    storage.setItem(SEARCH_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Without storage the settings last for this page.
  }
}
