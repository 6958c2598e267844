/**
 * The article form's rules (spec sections 3 and 5, contract/articles.ts): title, type, uid, summary
 * and content are required; title and summary are counted trimmed against their limits, title on
 * one line and summary on several without control or bidirectional formatting characters; the uid
 * follows the article uid grammar; the content is markdown, whitespace alone does not count. New
 * articles are news and unpublished. The server applies the same rules.
 */
import type { MessageDescriptor } from "@lingui/core";
import {
  ARTICLE_CONTENT_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLE_TYPES,
  ARTICLE_UID_MAX,
  ARTICLE_UID_PATTERN,
  type ArticleType,
} from "../../../../contract/article-rules.ts";
import type { Article, ArticleForm } from "../../../../contract/articles.ts";
import { charCount } from "../../../../contract/feedback.ts";
import { isCleanText } from "../../../../contract/text-rules.ts";
import type { Check } from "../../account/validation.ts";
import { articleFormErrors as e } from "./text.ts";

export type ArticleValues = {
  title: string;
  type: ArticleType | "";
  uid: string;
  summary: string;
  content: string;
  cover_url: string;
  is_actived: boolean;
};

export const CHECKED_FIELDS = ["title", "type", "uid", "summary", "content"] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

export const EMPTY_ARTICLE: ArticleValues = {
  title: "",
  type: "news",
  uid: "",
  summary: "",
  content: "",
  cover_url: "",
  is_actived: false,
};

/** The limits the form shows in counters. */
export const COUNTED_LIMITS = { title: ARTICLE_TITLE_MAX, summary: ARTICLE_SUMMARY_MAX } as const;

/** The characters a counter shows: the trimmed text, as the server counts it. */
export const counted = (value: string): number => charCount(value.trim());

const withMax = (descriptor: MessageDescriptor, max: number): MessageDescriptor => ({
  ...descriptor,
  values: { max },
});

const isArticleType = (value: string): value is ArticleType =>
  (ARTICLE_TYPES as readonly string[]).includes(value);

export function checkArticleField(field: CheckedField, value: string): Check {
  switch (field) {
    case "title": {
      const text = value.trim();
      if (text === "") return e.titleRequired;
      if (charCount(text) > ARTICLE_TITLE_MAX) return withMax(e.titleTooLong, ARTICLE_TITLE_MAX);
      return isCleanText(text, "single-line") ? null : e.singleLineChars;
    }
    case "type":
      return isArticleType(value) ? null : e.typeRequired;
    case "uid": {
      const text = value.trim();
      if (text === "") return e.uidRequired;
      if (charCount(text) > ARTICLE_UID_MAX) return withMax(e.uidTooLong, ARTICLE_UID_MAX);
      return ARTICLE_UID_PATTERN.test(text) ? null : e.uidInvalid;
    }
    case "summary": {
      const text = value.trim();
      if (text === "") return e.summaryRequired;
      if (charCount(text) > ARTICLE_SUMMARY_MAX) return withMax(e.summaryTooLong, ARTICLE_SUMMARY_MAX);
      return isCleanText(text, "multi-line") ? null : e.multiLineChars;
    }
    case "content":
      if (value.trim() === "") return e.contentRequired;
      return charCount(value) > ARTICLE_CONTENT_MAX ? withMax(e.contentTooLong, ARTICLE_CONTENT_MAX) : null;
  }
}

export function checkArticle(values: ArticleValues): Record<CheckedField, Check> {
  return {
    title: checkArticleField("title", values.title),
    type: checkArticleField("type", values.type),
    uid: checkArticleField("uid", values.uid),
    summary: checkArticleField("summary", values.summary),
    content: checkArticleField("content", values.content),
  };
}

/** The body of the add and update calls: texts trimmed, the markdown as written. */
export function formOf(values: ArticleValues): ArticleForm {
  return {
    title: values.title.trim(),
    type: isArticleType(values.type) ? values.type : "news",
    uid: values.uid.trim(),
    summary: values.summary.trim(),
    content: values.content,
    cover_url: values.cover_url,
    is_actived: values.is_actived,
  };
}

/** A saved article as the form edits it. */
export const valuesOf = (article: Article): ArticleValues => ({
  title: article.title,
  type: article.type,
  uid: article.uid,
  summary: article.summary,
  content: article.content,
  cover_url: article.cover_url,
  is_actived: article.is_actived,
});

/** Whether leaving the form would lose something typed. */
export const hasChanges = (values: ArticleValues, initial: ArticleValues): boolean =>
  (Object.keys(initial) as (keyof ArticleValues)[]).some((key) => values[key] !== initial[key]);
