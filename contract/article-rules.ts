/**
 * The article rules (spec sections 2, 3, 5, 7) as plain values: kinds, limits, the uids the reader
 * screens look up, and how a translation of an article is named.
 *
 * An article's uid is unique. A translation is its own article whose uid is the original's
 * followed by `.en` or `.zh-TW` (`help.en`, `JS-intro.zh-TW`); the reader calls take `lang` and
 * answer the translation when one is published, else the original (simplified Chinese, the
 * fallback language).
 */

export const ARTICLE_TYPES = ["news", "intro"] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export const ARTICLE_LANGS = ["zh-CN", "zh-TW", "en"] as const;
export type ArticleLang = (typeof ARTICLE_LANGS)[number];

export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_SUMMARY_MAX = 500;
/** Characters of markdown an article may hold. */
export const ARTICLE_CONTENT_MAX = 100_000;
export const ARTICLE_UID_MAX = 64;
/** A cover image's address as the signed upload answered it. */
export const ARTICLE_COVER_URL_MAX = 300;
/** Spec section 9: lists default to 10 a page. */
export const ARTICLE_PAGE_SIZE = 10;

/**
 * Letters, digits, `_` and `-`, then optionally the translation suffix. `list` is not a uid:
 * `GET /v1/admin/article/list` is the list.
 */
export const ARTICLE_UID_PATTERN = /^(?!list(\.|$))[A-Za-z0-9][A-Za-z0-9_-]*(\.(en|zh-TW))?$/;

export const ARTICLE_SORTS = [
  "create_time",
  "-create_time",
  "updated_time",
  "-updated_time",
  "title",
  "-title",
  "uid",
  "-uid",
] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** The uid of a tripitaka's introduction (`JS-intro`), staff page and donors page. */
export const introUid = (tripitakaUid: string): string => `${tripitakaUid}-intro`;
export const SITE_PAGES = ["staff", "donors"] as const;
export type SitePage = (typeof SITE_PAGES)[number];
export const sitePageUid = (tripitakaUid: string, page: SitePage): string => `${tripitakaUid}-${page}`;
export const HELP_UID = "help";

/** The uids to try for `uid` in `lang`, the translation first. */
export function uidsForLang(uid: string, lang: ArticleLang): string[] {
  return lang === "zh-CN" ? [uid] : [`${uid}.${lang}`, uid];
}
