/**
 * The head of a tripitaka's home as the server draws it in the page, to be read before any script
 * runs: the headline, the tagline, a search form that works without the app, and the edition's
 * summary, in the reader's language and where the app will show them (styles in index.html); the
 * app replaces it when it starts. Drawn only when the build's catalogue texts fill in plainly.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  FIRST_SCREEN_TEXTS_FILE,
  type FirstScreenTexts,
  fillText,
  HOME_TEXT_IDS,
  type HomeTextId,
} from "../../contract/first-screen-texts.ts";
import { type AppLocale, tripitakaNameScript } from "../../contract/locale-rules.ts";
import { SEARCH_KEYWORD_MAX } from "../../contract/search-options.ts";
import type { TripitakaSummary } from "../modules/canon/catalog-repository.ts";
import { escapeAttribute, escapeText } from "./html-escape.ts";

export type HomeDrawing = (locale: AppLocale, tripitaka: TripitakaSummary) => string | null;

export function readFirstScreenTexts(distDir: string): FirstScreenTexts {
  const path = join(distDir, FIRST_SCREEN_TEXTS_FILE);
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, "utf8")) as FirstScreenTexts;
  } catch {
    return {};
  }
}

export function createHomeDrawing(texts: FirstScreenTexts): HomeDrawing {
  return (locale, tripitaka) => {
    const catalogue = texts[locale];
    if (!catalogue) return null;
    // The edition's name follows the interface language, as on the app's home.
    const edition =
      (tripitakaNameScript(locale) === "sim" ? tripitaka.name_sim : tripitaka.name_trad) ||
      tripitaka.name_trad;
    const values = {
      edition,
      code: tripitaka.uid,
      count: tripitaka.sutra_count,
      collection: tripitaka.cbeta_collection ?? "",
    };
    const shown: Partial<Record<HomeTextId, string>> = {};
    for (const id of HOME_TEXT_IDS) {
      const message = catalogue[id];
      const text = message === undefined ? null : fillText(message, values, locale);
      if (text !== null) shown[id] = text;
    }
    // Every text but the source line, which an edition without a CBETA collection has not.
    const missing = HOME_TEXT_IDS.some((id) => id !== "home.summarySource" && shown[id] === undefined);
    if (missing) return null;
    const say = (id: HomeTextId): string => escapeText(shown[id] ?? "");
    const source = tripitaka.cbeta_collection ? shown["home.summarySource"] : undefined;
    const home = `/${encodeURIComponent(tripitaka.uid)}`;
    const placeholder = escapeAttribute(shown["home.searchPlaceholder"] ?? "");
    return [
      '<div class="boot-home">',
      `<h1>${say("home.headline")}</h1>`,
      `<p>${say("home.tagline")}</p>`,
      `<form class="boot-search" role="search" method="get" action="${home}/search">`,
      `<input name="keyword" maxlength="${SEARCH_KEYWORD_MAX}" placeholder="${placeholder}" aria-label="${placeholder}">`,
      `<button type="submit">${say("home.search")}</button>`,
      "</form>",
      `<h2>${say("home.summaryTitle")}</h2>`,
      `<p>${say("home.summaryText")}</p>`,
      source === undefined ? "" : `<p class="boot-small">${escapeText(source)}</p>`,
      `<a href="${home}/Introduction">${say("home.summaryMore")}</a>`,
      "</div>",
    ].join("");
  };
}
