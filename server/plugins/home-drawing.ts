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
  type HomeTextId,
} from "../../contract/first-screen-texts.ts";
import type { AppLocale } from "../../contract/locale-rules.ts";
import type { TripitakaSummary } from "../modules/canon/catalog-repository.ts";

/** The longest search the home's box takes, as the app's (src/features/home/HomePage.tsx). */
const SEARCH_MAX = 500;

const escapeText = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, "&quot;");

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
    const edition = (locale === "zh-CN" ? tripitaka.name_sim : tripitaka.name_trad) || tripitaka.name_trad;
    const values = {
      edition,
      code: tripitaka.uid,
      count: tripitaka.sutra_count,
      collection: tripitaka.cbeta_collection ?? "",
    };
    const shown: Partial<Record<HomeTextId, string>> = {};
    const say = (id: HomeTextId): string | null => {
      const message = catalogue[id];
      const text = message === undefined ? null : fillText(message, values);
      if (text !== null) shown[id] = escapeText(text);
      return text;
    };
    const wanted: HomeTextId[] = [
      "home.headline",
      "home.tagline",
      "home.searchPlaceholder",
      "home.search",
      "home.summaryTitle",
      "home.summaryText",
      "home.summaryMore",
    ];
    if (wanted.some((id) => say(id) === null)) return null;
    const source = tripitaka.cbeta_collection ? say("home.summarySource") : null;
    const home = `/${encodeURIComponent(tripitaka.uid)}`;
    const placeholder = escapeAttribute(fillText(catalogue["home.searchPlaceholder"] ?? "", values) ?? "");
    return [
      '<div class="boot-home">',
      `<h1>${shown["home.headline"]}</h1>`,
      `<p>${shown["home.tagline"]}</p>`,
      `<form class="boot-search" role="search" method="get" action="${home}/search">`,
      `<input name="keyword" maxlength="${SEARCH_MAX}" placeholder="${placeholder}" aria-label="${placeholder}">`,
      `<button type="submit">${shown["home.search"]}</button>`,
      "</form>",
      `<h2>${shown["home.summaryTitle"]}</h2>`,
      `<p>${shown["home.summaryText"]}</p>`,
      source === null ? "" : `<p class="boot-small">${shown["home.summarySource"]}</p>`,
      `<a href="${home}/Introduction">${shown["home.summaryMore"]}</a>`,
      "</div>",
    ].join("");
  };
}
