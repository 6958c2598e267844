/**
 * A tripitaka's introduction (`JS-intro`, `JS-intro.zh-TW`, `JS-intro.en`), written from what the
 * database holds of it (intro-facts.ts) into the templates content/intro.<lang>.md: what is
 * imported, where the texts come from and on what terms CBETA makes them available.
 */
import { ARTICLE_LANGS, type ArticleLang, introUid } from "../../../contract/article-rules.ts";
import { tripitakaNameScript } from "../../../contract/locale-rules.ts";
import { type ArticleContent, fillTemplate, readArticleContent, translatedUid } from "./article-content.ts";
import type { NamedCount, TripitakaFacts } from "./intro-facts.ts";
import type { SeedArticle } from "./seed-article.ts";

/** How many dynasties and categories an introduction names; the rest are counted. */
const NAMES_SHOWN = 12;

type Template = { lang: ArticleLang; text: ArticleContent; numbers: Intl.NumberFormat };

const TEMPLATES: readonly Template[] = ARTICLE_LANGS.map((lang) => ({
  lang,
  text: readArticleContent("intro", lang),
  numbers: new Intl.NumberFormat(lang),
}));

/** `清（2 部）、宋（1 部）`, the names past NAMES_SHOWN counted by the field `more`. */
function namesOf(names: readonly NamedCount[], { lang, text, numbers }: Template, more: string): string {
  const script = tripitakaNameScript(lang);
  const shown = names
    .slice(0, NAMES_SHOWN)
    .map((name) =>
      fillTemplate(text.field("name-count"), { name: name[script], sutras: numbers.format(name.sutras) }),
    )
    .join(text.field("names-joiner"));
  const rest = names.length - NAMES_SHOWN;
  return rest > 0 ? fillTemplate(text.field(more), { names: shown, count: String(rest) }) : shown;
}

function intro(facts: TripitakaFacts, template: Template): SeedArticle {
  const { lang, text, numbers } = template;
  const values: Record<string, string | boolean> = {
    uid: facts.uid,
    name: tripitakaNameScript(lang) === "sim" ? facts.nameSim : facts.nameTrad,
    imported: facts.sutras > 0,
    sutras: numbers.format(facts.sutras),
    reels: numbers.format(facts.reels),
    chars: numbers.format(facts.chars),
    "cbeta-collection": facts.cbetaCollection ?? "",
    dynasties: namesOf(facts.dynasties, template, "more-dynasties"),
    categories: namesOf(facts.categories, template, "more-categories"),
    editions: facts.sourceEditions.map((edition) => `- ${edition}`).join("\n"),
  };
  for (const key of ["collection", "overview"]) values[key] = fillTemplate(text.field(key), values);
  return {
    uid: translatedUid(introUid(facts.uid), lang),
    title: fillTemplate(text.field("title"), values),
    summary: fillTemplate(text.field("summary"), values),
    content: fillTemplate(text.body, values),
  };
}

/** The introduction of a tripitaka in simplified Chinese, traditional Chinese and English. */
export const introArticles = (facts: TripitakaFacts): SeedArticle[] =>
  TEMPLATES.map((template) => intro(facts, template));
