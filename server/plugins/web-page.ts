/**
 * The web app's page (index.html) as the server sends it for an address: in the reader's language
 * (its `lang`, and the app's name in the title and the header bar painted before any script), and
 * naming what the address's first screen loads (contract/app-screens.ts), so the browser
 * fetches all of it at once instead of finding each chunk through the one before: a
 * `modulepreload` link for every chunk of the app, the screen and the reader's catalogue (from
 * Vite's manifest), and, on a reel, the reel itself in the text form the reader's settings read,
 * which the app takes instead of asking for it (src/api/early.ts), with its first lines drawn
 * where the app will show them when the reader's text looks as it does by default; on a
 * tripitaka's home, the head of the home (home-drawing.ts); on a search for a keyword, the search's
 * answer and its first results (search-drawing.ts). Every page carries the tripitaka list, which
 * the header names the edition from.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  AFTER_PAINT_ATTRIBUTE,
  APP_MODULE,
  buildNameOf,
  EARLY_ANSWER_ID,
  EARLY_TRIPITAKAS_ID,
  type FirstScreen,
  SCREEN_MODULES,
  TRIPITAKAS_PATH,
} from "../../contract/app-screens.ts";
import type { FirstScreenTexts } from "../../contract/first-screen-texts.ts";
import { APP_TITLES, type AppLocale, locales } from "../../contract/locale-rules.ts";
import { escapeAttribute, escapeText } from "./html-escape.ts";

const catalogueModule = (locale: AppLocale): string => `locales/${locale}/messages.po`;

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** An answer put in the page (a reel's, a search's): its path and JSON, and whether a reel's first lines are drawn. */
export type PageAnswer = { path: string; json: string; draw: boolean };

/** What a page holds beside the app: each part is left out when null or absent. */
export type PageContents = {
  /** The reel or the search the page opens on. */
  answer?: PageAnswer | null;
  /** A drawing of the screen (the home's head, a search's first results), where no reel lines are drawn. */
  drawing?: string | null;
  /** The build the browser has loaded the files of (APP_FILES_COOKIE). */
  filesOf?: string | null;
  /** `GET /v1/tripitaka/all`'s answer, as JSON. */
  tripitakas?: string | null;
};

export type WebPage = {
  /** The page in a language for a first screen (null: any other address). */
  html(screen: FirstScreen | null, locale: AppLocale, contents?: PageContents): string;
};

/** Lines of a reel drawn in the page: more than a tall screen shows. */
const DRAWN_LINES = 40;
/** Where the page marks the place for the first screen's drawing (index.html, in #root). */
const DRAWING_MARK = "<!--first-screen-->";

type ReelAnswer = { result?: { pages?: { lines?: { text?: unknown }[] }[] } };

/**
 * The reel's first lines as the reader's text shows them by default, drawn where the app will show
 * them (styles in index.html), to be read while the app starts; the app replaces them.
 */
function drawnReel(json: string): string {
  const answer = JSON.parse(json) as ReelAnswer;
  const lines: string[] = [];
  for (const page of answer.result?.pages ?? [])
    for (const line of page.lines ?? []) {
      if (lines.length < DRAWN_LINES && typeof line.text === "string" && line.text !== "")
        lines.push(`<div>${escapeText(line.text)}</div>`);
    }
  return `<div class="boot-reel" lang="zh-Hant">${lines.join("")}</div>`;
}

function readManifest(distDir: string): Manifest | null {
  const path = join(distDir, ".vite", "manifest.json");
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch {
    return null;
  }
}

/** The files of `roots` and of everything they import statically, in a stable order. */
function staticFiles(manifest: Manifest, roots: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return files;
}

/** JSON inside a `<script>` element: no `</script>` or `<!--` can end or change it. */
const scriptSafe = (json: string): string => json.replace(/</g, "\\u003c");

/** An answer to `GET /v1/{path}` put in the page, taken by the app instead of asking (src/api/early.ts). */
const jsonScript = (id: string, path: string, json: string): string =>
  `<script type="application/json" id="${id}" data-path="${escapeAttribute(path)}">${scriptSafe(json)}</script>`;

/**
 * The build's page in a language: its `lang`, the app's name where the page marks it, and its
 * description (the home's tagline, from the build's catalogue texts).
 */
function inLanguage(page: string, locale: AppLocale, texts: FirstScreenTexts): string {
  const tagline = texts[locale]?.["home.tagline"];
  const described = tagline
    ? page.replace(
        /(<meta name="description" content=")[^"]*"/,
        (_, start: string) => `${start}${escapeAttribute(tagline)}"`,
      )
    : page;
  return described
    .replace('<html lang="zh-CN">', `<html lang="${locale}">`)
    .replace(/(<[^>]*\bdata-app-title\b[^>]*>)[^<]*/g, `$1${APP_TITLES[locale]}`);
}

/** The build's stylesheet's files, preloaded by index.html (scripts/griffel-css-extraction.ts). */
const BUILD_STYLES_LINK = /<link rel="preload"[^>]*\bdata-build-styles\b[^>]*>\s*/g;

/**
 * The head of a page whose first screen the server drew. Nothing the app loads is needed to paint
 * that drawing, and on a slow link a file that arrives before the paint is one the paint may wait
 * for: besides the entry, the app's files (the screen's chunks, the build's stylesheet) are asked
 * for only once the drawing is painted, when the entry takes them out of the template.
 */
function headOfDrawnPage(head: string, preloads: string): string {
  const styles = (head.match(BUILD_STYLES_LINK) ?? []).map((link) => link.trim()).join("");
  const entry = head.replace(BUILD_STYLES_LINK, "");
  return `${entry}<template ${AFTER_PAINT_ATTRIBUTE}>${preloads}${styles}</template>`;
}

export function createWebPage(distDir: string, texts: FirstScreenTexts): WebPage {
  const built = readFileSync(join(distDir, "index.html"), "utf8");
  const shells = new Map(locales.map((locale) => [locale, inLanguage(built, locale, texts)]));
  const manifest = readManifest(distDir);
  const buildName = buildNameOf(/<script type="module"[^>]*\bsrc="([^"]+)"/.exec(built)?.[1] ?? "");
  const inShell = new Set([...built.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  const preloads = new Map<string, string>();

  const preloadLinks = (screen: FirstScreen, locale: AppLocale): string => {
    const key = `${screen.kind}|${locale}`;
    let links = preloads.get(key);
    if (links === undefined) {
      const roots = [APP_MODULE, SCREEN_MODULES[screen.kind], catalogueModule(locale)];
      links = manifest
        ? staticFiles(manifest, roots)
            .filter((file) => !inShell.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join("")
        : "";
      preloads.set(key, links);
    }
    return links;
  };

  return {
    html(screen, locale, { answer = null, drawing = null, tripitakas = null, filesOf = null } = {}) {
      const shell = shells.get(locale) ?? built;
      const headEnd = shell.indexOf("</head>");
      const bodyEnd = shell.lastIndexOf("</body>");
      if (headEnd < 0 || bodyEnd < headEnd) return shell;
      const embedded =
        (answer ? jsonScript(EARLY_ANSWER_ID, answer.path, answer.json) : "") +
        (tripitakas ? jsonScript(EARLY_TRIPITAKAS_ID, TRIPITAKAS_PATH, tripitakas) : "");
      const body = shell.slice(headEnd, bodyEnd);
      const shown = answer?.draw ? drawnReel(answer.json) : drawing;
      const drawn = shown ? body.replace(DRAWING_MARK, shown) : body;
      const preloads = screen ? preloadLinks(screen, locale) : "";
      const head = shell.slice(0, headEnd);
      // A browser holding this build's files takes them from its cache: nothing to hold back.
      const holdBack = shown !== null && shown !== undefined && filesOf !== buildName;
      const opened = holdBack ? headOfDrawnPage(head, preloads) : head + preloads;
      return opened + drawn + embedded + shell.slice(bodyEnd);
    },
  };
}
