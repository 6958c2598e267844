/** Reads and writes of the `articles` table. */
import type { Kysely, Selectable } from "kysely";
import type { ArticleSort, ArticleType } from "../../../contract/article-rules.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { ArticleTable, Database } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";

type Db = Kysely<Database>;
export type ArticleRow = Selectable<ArticleTable>;

const COLUMNS = [
  "id",
  "uid",
  "title",
  "type",
  "is_actived",
  "is_top",
  "top_at",
  "summary",
  "content",
  "cover_url",
  "create_time",
  "updated_time",
  "created_by",
  "updated_by",
] as const;
/** A list's columns: the article without its content. */
const SUMMARY_COLUMNS = COLUMNS.filter((column) => column !== "content");
export type ArticleSummaryRow = Omit<ArticleRow, "content">;

/** What an article's form sets. */
export type ArticleFields = {
  uid: string;
  title: string;
  type: ArticleType;
  summary: string;
  content: string;
  cover_url: string;
  is_actived: boolean;
};

export async function findArticleByUid(db: Db, uid: string): Promise<ArticleRow | null> {
  const row = await db.selectFrom("articles").select(COLUMNS).where("uid", "=", uid).executeTakeFirst();
  return row ?? null;
}

/** The first published article of `uids`, in their order. */
export async function findPublishedArticle(db: Db, uids: readonly string[]): Promise<ArticleRow | null> {
  const rows = await db
    .selectFrom("articles")
    .select(COLUMNS)
    .where("uid", "in", [...uids])
    .where("is_actived", "=", 1)
    .execute();
  for (const uid of uids) {
    const row = rows.find((candidate) => candidate.uid === uid);
    if (row) return row;
  }
  return null;
}

/** Published news: pinned first, the newest pin first, then the newest. */
export async function listPublishedNews(db: Db, page: PageRequest) {
  const query = db.selectFrom("articles").where("type", "=", "news").where("is_actived", "=", 1);
  return countedPage(query, page, (filtered) =>
    filtered
      .select(SUMMARY_COLUMNS)
      .orderBy("is_top", "desc")
      .orderBy("top_at", "desc")
      .orderBy("create_time", "desc")
      .orderBy("id", "desc"),
  );
}

export type AdminArticleFilter = {
  title?: string | undefined;
  uid?: string | undefined;
  type?: ArticleType | undefined;
  isActived?: boolean | undefined;
  sort: ArticleSort;
};

const SORT_COLUMNS = {
  create_time: "create_time",
  updated_time: "updated_time",
  title: "title",
  uid: "uid",
} as const;

/** Every article matching the filter: pinned first (the newest pin first), then in the chosen order. */
export async function listArticlesForAdmin(db: Db, filter: AdminArticleFilter, page: PageRequest) {
  let query = db.selectFrom("articles");
  const { title, uid, type, isActived } = filter;
  if (title) query = query.where((eb) => containsText(eb.ref("title"), title));
  if (uid) query = query.where((eb) => containsText(eb.ref("uid"), uid));
  if (type) query = query.where("type", "=", type);
  if (isActived !== undefined) query = query.where("is_actived", "=", isActived ? 1 : 0);
  const descending = filter.sort.startsWith("-");
  const column = SORT_COLUMNS[filter.sort.replace(/^-/, "") as keyof typeof SORT_COLUMNS];
  const direction = descending ? "desc" : "asc";
  return countedPage(query, page, (filtered) =>
    filtered
      .select(SUMMARY_COLUMNS)
      .orderBy("is_top", "desc")
      .orderBy("top_at", "desc")
      .orderBy(column, direction)
      .orderBy("id", direction),
  );
}

const storedFields = (fields: ArticleFields) => ({
  uid: fields.uid,
  title: fields.title,
  type: fields.type,
  summary: fields.summary,
  content: fields.content,
  cover_url: fields.cover_url,
  is_actived: fields.is_actived ? 1 : 0,
});

/** A new article; null when its uid is taken (the insert is the check). */
export async function insertArticle(
  db: Db,
  fields: ArticleFields,
  by: { userId: number | null; now: number },
): Promise<number | null> {
  const row = await db
    .insertInto("articles")
    .values({
      ...storedFields(fields),
      is_top: 0,
      top_at: null,
      create_time: by.now,
      updated_time: by.now,
      created_by: by.userId,
      updated_by: by.userId,
    })
    .onConflict((oc) => oc.column("uid").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Replaces the article's form (its uid too); false when there is no article `id`. */
export async function updateArticle(
  db: Db,
  id: number,
  fields: ArticleFields,
  by: { userId: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("articles")
    .set({ ...storedFields(fields), updated_time: by.now, updated_by: by.userId })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Publishes or withdraws the article; a call that changes nothing leaves it as it is. */
export async function setArticleActive(
  db: Db,
  id: number,
  isActived: boolean,
  by: { userId: number; now: number },
): Promise<void> {
  const value = isActived ? 1 : 0;
  await db
    .updateTable("articles")
    .set({ is_actived: value, updated_time: by.now, updated_by: by.userId })
    .where("id", "=", id)
    .where("is_actived", "!=", value)
    .execute();
}

/** Pins the article (from now) or unpins it; a call that changes nothing leaves it as it is. */
export async function setArticleTop(
  db: Db,
  id: number,
  isTop: boolean,
  by: { userId: number; now: number },
): Promise<void> {
  const value = isTop ? 1 : 0;
  await db
    .updateTable("articles")
    .set({ is_top: value, top_at: isTop ? by.now : null, updated_time: by.now, updated_by: by.userId })
    .where("id", "=", id)
    .where("is_top", "!=", value)
    .execute();
}

/** Replaces the text of an article nobody has edited since the server wrote it; false otherwise. */
export async function refreshSeededArticle(
  db: Db,
  uid: string,
  text: { title: string; summary: string; content: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("articles")
    .set({ title: text.title, summary: text.summary, content: text.content, updated_time: now })
    .where("uid", "=", uid)
    .where("created_by", "is", null)
    .where("updated_by", "is", null)
    .where((eb) =>
      eb.or([
        eb("title", "!=", text.title),
        eb("summary", "!=", text.summary),
        eb("content", "!=", text.content),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
