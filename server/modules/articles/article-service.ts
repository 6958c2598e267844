/**
 * Articles (spec sections 2, 3, 5, 7): readers get published articles only, a translation when
 * one is published for their language and the original otherwise; administrators list, read,
 * write, publish and pin any article. Saving cleans the content's markdown (markdown-cleaning.ts)
 * and checks the cover against the storage; a uid is one article's only.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  type ArticleLang,
  type ArticleType,
  introUid,
  uidsForLang,
} from "../../../contract/article-rules.ts";
import {
  type AdminArticleListQuery,
  type Article,
  type ArticleSummary,
  type articleBody,
  articleTypeSchema,
} from "../../../contract/articles.ts";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
import {
  type ArticleFields,
  type ArticleRow,
  type ArticleSummaryRow,
  findArticleByUid,
  findPublishedArticle,
  insertArticle,
  listArticlesForAdmin,
  listPublishedNews,
  setArticleActive,
  setArticleTop,
  updateArticle,
} from "./article-repository.ts";
import { checkCoverUrl } from "./cover-url.ts";
import { cleanArticleMarkdown, UncleanableMarkdownError } from "./markdown-cleaning.ts";

type Db = Kysely<Database>;
export type ArticleCtx = { db: Db; now: () => number; storage: ObjectStorage };
/** The article form as the route received it, defaults filled in. */
export type ArticleBody = z.output<typeof articleBody>;

const typeOf = (value: string): ArticleType => articleTypeSchema.parse(value);

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    _id: row.id,
    uid: row.uid,
    title: row.title,
    type: typeOf(row.type),
    is_actived: row.is_actived === 1,
    is_top: row.is_top === 1,
    summary: row.summary,
    cover_url: row.cover_url,
    create_time: row.create_time,
    updated_time: row.updated_time,
  };
}

export const toArticle = (row: ArticleRow): Article => ({ ...toArticleSummary(row), content: row.content });

export async function listNews(db: Db, page: { page_no: number; page_size: number }) {
  const { total, rows } = await listPublishedNews(db, pageRequestOf(page));
  return pageOf(total, page, rows.map(toArticleSummary));
}

export async function publishedArticle(db: Db, uid: string, lang: ArticleLang): Promise<Article> {
  const row = await findPublishedArticle(db, uidsForLang(uid, lang));
  if (!row) throw notFound("article", uid);
  return toArticle(row);
}

/** The published introduction of a tripitaka, in `lang` when translated. */
export async function tripitakaIntro(db: Db, tripitakaUid: string, lang: ArticleLang): Promise<Article> {
  await requireTripitaka(db, tripitakaUid);
  const row = await findPublishedArticle(db, uidsForLang(introUid(tripitakaUid), lang));
  if (!row) throw notFound("introduction of tripitaka", tripitakaUid);
  return toArticle(row);
}

export async function listAdminArticles(
  db: Db,
  query: AdminArticleListQuery,
): Promise<Paged<ArticleSummary>> {
  const { total, rows } = await listArticlesForAdmin(
    db,
    {
      title: query.title,
      uid: query.uid,
      type: query.type,
      isActived: query.is_actived,
      sort: query.sort_by,
    },
    pageRequestOf(query),
  );
  return pageOf(total, query, rows.map(toArticleSummary));
}

async function existingArticle(db: Db, uid: string): Promise<ArticleRow> {
  const row = await findArticleByUid(db, uid);
  if (!row) throw notFound("article", uid);
  return row;
}

export async function adminArticle(db: Db, uid: string): Promise<Article> {
  return toArticle(await existingArticle(db, uid));
}

const uidTaken = (uid: string): ApiError =>
  new ApiError(422, `the uid ${uid} is already used by another article: choose another uid`);

/** The form as stored: its content cleaned, its cover checked. */
async function storedForm(ctx: ArticleCtx, form: ArticleBody): Promise<ArticleFields> {
  let content: string;
  try {
    content = cleanArticleMarkdown(form.content);
  } catch (error) {
    if (error instanceof UncleanableMarkdownError) throw badRequest(`body.content: ${error.message}`);
    throw error;
  }
  if (content.trim() === "")
    throw badRequest("body.content: nothing is left of it once its unsafe HTML and addresses are taken out");
  await checkCoverUrl(ctx.storage, form.cover_url);
  return { ...form, content };
}

export async function addArticle(ctx: ArticleCtx, adminId: number, form: ArticleBody): Promise<Article> {
  const fields = await storedForm(ctx, form);
  const id = await insertArticle(ctx.db, fields, { userId: adminId, now: ctx.now() });
  if (id === null) throw uidTaken(fields.uid);
  return adminArticle(ctx.db, fields.uid);
}

/** Replaces the whole article `uid` (its uid may change to one no other article has). */
export async function editArticle(
  ctx: ArticleCtx,
  adminId: number,
  uid: string,
  form: ArticleBody,
): Promise<Article> {
  const current = await existingArticle(ctx.db, uid);
  const fields = await storedForm(ctx, form);
  if (fields.uid !== current.uid) {
    const holder = await findArticleByUid(ctx.db, fields.uid);
    if (holder) throw uidTaken(fields.uid);
  }
  try {
    const updated = await updateArticle(ctx.db, current.id, fields, { userId: adminId, now: ctx.now() });
    if (!updated) throw notFound("article", uid);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Another request gave the uid to another article since it was checked (the uid is unique).
    const holder = await findArticleByUid(ctx.db, fields.uid);
    if (holder && holder.id !== current.id) throw uidTaken(fields.uid);
    throw error;
  }
  return adminArticle(ctx.db, fields.uid);
}

export async function publishArticle(
  ctx: ArticleCtx,
  adminId: number,
  uid: string,
  isActived: boolean,
): Promise<Article> {
  const current = await existingArticle(ctx.db, uid);
  await setArticleActive(ctx.db, current.id, isActived, { userId: adminId, now: ctx.now() });
  return adminArticle(ctx.db, uid);
}

export async function pinArticle(
  ctx: ArticleCtx,
  adminId: number,
  uid: string,
  isTop: boolean,
): Promise<Article> {
  const current = await existingArticle(ctx.db, uid);
  await setArticleTop(ctx.db, current.id, isTop, { userId: adminId, now: ctx.now() });
  return adminArticle(ctx.db, uid);
}
