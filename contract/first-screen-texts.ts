/**
 * The interface texts the server draws in the page of a first screen before any script runs (the
 * head of a tripitaka's home, a search's first results: server/plugins/web-page.ts). The build copies them out of each
 * language's catalogue (vite.config.ts) into FIRST_SCREEN_TEXTS_FILE beside index.html, so the
 * drawing says what the app will say once it starts.
 */
import type { AppLocale } from "./locale-rules.ts";

export const FIRST_SCREEN_TEXTS_FILE = "first-screen-texts.json";

/** The catalogue ids the home's drawing uses (src/features/home/homeMessages.ts). */
export const HOME_TEXT_IDS = [
  "home.headline",
  "home.tagline",
  "home.searchPlaceholder",
  "home.search",
  "home.summaryTitle",
  "home.summaryText",
  "home.summarySource",
  "home.summaryMore",
] as const;

export type HomeTextId = (typeof HOME_TEXT_IDS)[number];

/** The catalogue ids a search page's drawing of its first results uses (src/features/search/messages.ts). */
export const SEARCH_TEXT_IDS = [
  "search.hits",
  "search.count.tenThousands",
  "search.openReel",
  "search.preview",
] as const;

export type SearchTextId = (typeof SEARCH_TEXT_IDS)[number];

/** Every id the build copies out of the catalogues for the server's drawings. */
export const FIRST_SCREEN_TEXT_IDS = [...HOME_TEXT_IDS, ...SEARCH_TEXT_IDS] as const;

/** Per interface language, the catalogue's text of each id. */
export type FirstScreenTexts = Partial<Record<AppLocale, Partial<Record<string, string>>>>;

/**
 * A catalogue text with its `{name}` placeholders and its `{name, plural, …}` choices filled in as
 * the app's formatter fills them (numbers grouped as `locale` groups digits, the plural form by its
 * rules); null when the text holds any other message syntax (selects, nested choices, quoted
 * braces), which only the app's formatter reads.
 */
export function fillText(
  message: string,
  values: Readonly<Record<string, string | number>>,
  locale = "zh-CN",
): string | null {
  if (/'[{}'#|]/.test(message)) return null;
  const grouping = new Intl.NumberFormat(locale);
  const shown = (value: string | number) => (typeof value === "number" ? grouping.format(value) : value);
  let unknown = false;
  const chosen = message.replace(
    /\{([A-Za-z_]\w*),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g,
    (_, name: string, cases: string) => {
      const value = values[name];
      if (typeof value !== "number") {
        unknown = true;
        return "";
      }
      const forms = new Map(
        [...cases.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map((form) => [
          form[1] as string,
          form[2] as string,
        ]),
      );
      const form =
        forms.get(`=${value}`) ?? forms.get(new Intl.PluralRules(locale).select(value)) ?? forms.get("other");
      if (form === undefined) unknown = true;
      return (form ?? "").replaceAll("#", grouping.format(value));
    },
  );
  const filled = chosen.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) unknown = true;
    return shown(value ?? "");
  });
  if (unknown || /[{}]/.test(filled)) return null;
  return filled;
}

/** The `msgstr` of each wanted `msgid` of a `.po` catalogue as Lingui writes it (one line each). */
export function catalogueTexts(po: string, ids: readonly string[]): Record<string, string> {
  const wanted = new Set(ids);
  const texts: Record<string, string> = {};
  for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    const id = JSON.parse(`"${match[1]}"`) as string;
    const text = JSON.parse(`"${match[2]}"`) as string;
    if (wanted.has(id) && text !== "") texts[id] = text;
  }
  return texts;
}
