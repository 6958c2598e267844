/**
 * The articles the server writes itself, at start and after a canon import: the help text and
 * every tripitaka's introduction, each in simplified Chinese, traditional Chinese and English
 * (their texts in content/, read by article-content.ts), published as type intro. An article that
 * does not exist yet is created; one nobody has edited since it was written (no administrator
 * created or changed it) gets the text again when what it says has changed (new texts imported);
 * one an administrator has touched is never changed.
 */
import type { Kysely } from "kysely";
import { ARTICLE_LANGS, type ArticleLang, HELP_UID } from "../../../contract/article-rules.ts";
import type { Database } from "../../db/schema.ts";
import { readArticleContent, translatedUid } from "./article-content.ts";
import { insertArticle, refreshSeededArticle } from "./article-repository.ts";
import { tripitakaFacts } from "./intro-facts.ts";
import { introArticles } from "./intro-texts.ts";
import type { SeedArticle } from "./seed-article.ts";

function helpArticle(lang: ArticleLang): SeedArticle {
  const help = readArticleContent("help", lang);
  return {
    uid: translatedUid(HELP_UID, lang),
    title: help.field("title"),
    summary: help.field("summary"),
    content: help.body,
  };
}

export const HELP_ARTICLES: readonly SeedArticle[] = ARTICLE_LANGS.map(helpArticle);

export type SeedOutcome = { created: string[]; refreshed: string[] };

/** The help and introduction articles as the database's canon calls for them. */
export async function seedArticlesFor(db: Kysely<Database>): Promise<SeedArticle[]> {
  const facts = await tripitakaFacts(db);
  return [...HELP_ARTICLES, ...facts.flatMap(introArticles)];
}

/** Writes what is missing or unedited and outdated; running it again changes nothing. */
export async function seedArticles(db: Kysely<Database>, now: number): Promise<SeedOutcome> {
  const outcome: SeedOutcome = { created: [], refreshed: [] };
  for (const article of await seedArticlesFor(db)) {
    const id = await insertArticle(
      db,
      { ...article, type: "intro", cover_url: "", is_actived: true },
      { userId: null, now },
    );
    if (id !== null) outcome.created.push(article.uid);
    else if (await refreshSeededArticle(db, article.uid, article, now)) outcome.refreshed.push(article.uid);
  }
  return outcome;
}
