/** The site's articles (server/modules/articles). */
import type { Generated } from "kysely";

/** Spec section 3, Article; booleans are 0/1, `created_by` and `updated_by` null for seeded articles. */
export interface ArticleTable {
  id: Generated<number>;
  uid: string;
  title: string;
  type: string;
  is_actived: number;
  is_top: number;
  top_at: number | null;
  summary: string;
  content: string;
  cover_url: string;
  create_time: number;
  updated_time: number;
  created_by: number | null;
  updated_by: number | null;
}

export interface ArticleTables {
  articles: ArticleTable;
}
