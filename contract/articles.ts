/**
 * Articles (spec sections 2, 3, 5, 7): news, tripitaka introductions, the help text and the staff
 * and donors pages, for readers (`GET /v1/article`, `GET /v1/article/{uid}`,
 * `GET /v1/intro/{tripitaka_uid}`) and for administrators (`/v1/admin/article…`).
 *
 * `content` is markdown that may carry HTML. The server cleans it when saving: HTML the site does
 * not allow (script, style, iframe, event handler attributes, `javascript:` and other unsafe
 * addresses, in HTML or in markdown links) is taken out of the stored text; the browser cleans
 * the rendered HTML again before showing it. The `{id}` of every article call is the article's uid.
 */
import { z } from "zod";
import {
  ARTICLE_CONTENT_MAX,
  ARTICLE_COVER_URL_MAX,
  ARTICLE_LANGS,
  ARTICLE_PAGE_SIZE,
  ARTICLE_SORTS,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLE_TYPES,
  ARTICLE_UID_MAX,
  ARTICLE_UID_PATTERN,
} from "./article-rules.ts";
import { charCount } from "./feedback.ts";
import { containsFilter, pageQuery } from "./list-queries.ts";
import { adminListQuery } from "./spec-names.ts";
import { cleanText } from "./text-schemas.ts";

export const articleTypeSchema = z.enum(ARTICLE_TYPES);
export const articleLangSchema = z.enum(ARTICLE_LANGS);

export const articleUidSchema = z
  .string()
  .trim()
  .min(1, { message: "required" })
  .max(ARTICLE_UID_MAX)
  .regex(ARTICLE_UID_PATTERN, "letters, digits, _ and -, optionally ending in .en or .zh-TW");

/** One article, as both readers and administrators get it. Times are milliseconds since the epoch. */
export const articleSchema = z.object({
  _id: z.number().int(),
  uid: z.string(),
  title: z.string(),
  type: articleTypeSchema,
  is_actived: z.boolean(),
  /** Pinned news comes first in the news list, newest pin first. */
  is_top: z.boolean(),
  summary: z.string(),
  content: z.string(),
  /** The cover image's address, or "" when there is none. */
  cover_url: z.string(),
  create_time: z.number().int(),
  updated_time: z.number().int(),
});
export type Article = z.infer<typeof articleSchema>;

/** A row of a list: the article without its content. */
export const articleSummarySchema = articleSchema.omit({ content: true });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleParams = z.object({ id: articleUidSchema });
export const introParams = z.object({ tripitaka_uid: z.string().regex(/^[A-Z]{2}$/) });

/** `lang` of the reader calls; the original (simplified Chinese) when absent. */
export const articleLangQuery = z.object({ lang: articleLangSchema.default("zh-CN") });

/** `GET /v1/article`: published news, pinned first, then newest first. */
export const articleListQuery = pageQuery(ARTICLE_PAGE_SIZE, 100);

const booleanText = z.enum(["true", "false"]).transform((value) => value === "true");

/** `GET /v1/admin/article/list`: every article, filtered; empty filters match every row. */
export const adminArticleListQuery = adminListQuery(
  pageQuery(ARTICLE_PAGE_SIZE, 100).extend({
    title: containsFilter(ARTICLE_TITLE_MAX),
    uid: containsFilter(ARTICLE_UID_MAX),
    type: articleTypeSchema.optional(),
    is_actived: booleanText.optional(),
    /** Pinned first is always applied before this order. */
    sort_by: z.enum(ARTICLE_SORTS).default("-create_time"),
  }),
);
export type AdminArticleListQuery = z.output<typeof adminArticleListQuery>;

const limitedText = (max: number, kind: "single-line" | "multi-line") =>
  z
    .string()
    .trim()
    .min(1, { message: "required" })
    .refine((text) => charCount(text) <= max, { message: `at most ${max} characters` })
    .superRefine(cleanText(kind));

/** `POST /v1/admin/article/add` and `PUT /v1/admin/article/update/{id}` (the whole article). */
export const articleBody = z.object({
  title: limitedText(ARTICLE_TITLE_MAX, "single-line").describe(
    "Plain text, stored and answered as sent (trimmed): markup in it is text, never HTML. One line: no control or bidirectional formatting characters.",
  ),
  type: articleTypeSchema.default("news"),
  uid: articleUidSchema,
  summary: limitedText(ARTICLE_SUMMARY_MAX, "multi-line").describe(
    "Plain text, stored and answered as sent (trimmed): markup in it is text, never HTML. Line breaks and tabs allowed; no other control or bidirectional formatting characters.",
  ),
  content: z
    .string()
    .min(1, { message: "required" })
    .refine((text) => text.trim() !== "", { message: "required" })
    .refine((text) => charCount(text) <= ARTICLE_CONTENT_MAX, {
      message: `at most ${ARTICLE_CONTENT_MAX} characters`,
    })
    .superRefine(cleanText("storable"))
    .describe(
      "Markdown that may carry HTML: stored with what the server's allow-list refuses taken out (scripts, event handlers, unsafe addresses, markup inside attribute values).",
    ),
  /** An address the signed upload answered for the purpose `article`, or "". */
  cover_url: z.string().trim().max(ARTICLE_COVER_URL_MAX).superRefine(cleanText("storable")).default(""),
  is_actived: z.boolean().default(false),
});
export type ArticleForm = z.input<typeof articleBody>;

/** `PUT /v1/admin/article/update_active/{id}`. */
export const articleActiveBody = z.object({ is_actived: z.boolean() });
/** `PUT /v1/admin/article/update_top/{id}`: pin or unpin. */
export const articleTopBody = z.object({ is_top: z.boolean() });
