/**
 * The web app's page (index.html) as the server sends it for an address: in the reader's language
 * (its `lang`, and the app's name in the title and the header bar painted before any script), and
 * naming what the address's first screen loads (contract/app-screens.ts), so the browser
 * fetches all of it at once instead of finding each chunk through the one before: a
 * `modulepreload` link for every chunk of the app, the screen and the reader's catalogue (from
 * Vite's manifest), and, on a reel, the reel itself in the text form the reader's settings read,
 * which the app takes instead of asking for it (src/api/early.ts), with its first lines drawn
 * where the app will show them when the reader's text looks as it does by default; on a
 * tripitaka's home, the head of the home (home-drawing.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_MODULE, EARLY_ANSWER_ID, type FirstScreen, SCREEN_MODULES } from "../../contract/app-screens.ts";
import type { FirstScreenTexts } from "../../contract/first-screen-texts.ts";
import { APP_TITLES, type AppLocale, locales } from "../../contract/locale-rules.ts";
import { escapeAttribute, escapeText } from "./html-escape.ts";

const catalogueModule = (locale: AppLocale): string => `locales/${locale}/messages.po`;

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A reel put in the page: its path and answer, and whether its first lines are drawn. */
export type PageAnswer = { path: string; json: string; draw: boolean };

export type WebPage = {
  /**
   * The page in a language for a first screen (null: any other address), with an answer to embed
   * and, where the reel's lines are not drawn, a drawing of the screen's head (the home's).
   */
  html(
    screen: FirstScreen | null,
    locale: AppLocale,
    answer: PageAnswer | null,
    drawing?: string | null,
  ): string;
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

export function createWebPage(distDir: string, texts: FirstScreenTexts): WebPage {
  const built = readFileSync(join(distDir, "index.html"), "utf8");
  const shells = new Map(locales.map((locale) => [locale, inLanguage(built, locale, texts)]));
  const manifest = readManifest(distDir);
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
    html(screen, locale, answer, drawing = null) {
      const shell = shells.get(locale) ?? built;
      const headEnd = shell.indexOf("</head>");
      const bodyEnd = shell.lastIndexOf("</body>");
      if (!screen || headEnd < 0 || bodyEnd < headEnd) return shell;
      const embedded = answer
        ? `<script type="application/json" id="${EARLY_ANSWER_ID}" data-path="${escapeAttribute(answer.path)}">${scriptSafe(answer.json)}</script>`
        : "";
      const body = shell.slice(headEnd, bodyEnd);
      const shown = answer?.draw ? drawnReel(answer.json) : drawing;
      const drawn = shown ? body.replace(DRAWING_MARK, shown) : body;
      return shell.slice(0, headEnd) + preloadLinks(screen, locale) + drawn + embedded + shell.slice(bodyEnd);
    },
  };
}
