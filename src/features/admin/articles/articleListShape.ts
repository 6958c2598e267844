/**
 * The query of `/admin/article` (spec sections 2 and 7): title and uid contain the typed text, type
 * is news or intro, `is_actived` is published or not; sortable on title, uid and the two times,
 * newest first unless chosen otherwise (the server puts pinned articles first whatever the order).
 */
import { ARTICLE_SORTS, ARTICLE_TYPES } from "../../../../contract/article-rules.ts";
import type { ListShape } from "../../list-screen/listSearch.ts";

export const ACTIVE_CHOICES = ["true", "false"] as const;

export const articleListShape = {
  filters: { title: "text", type: ARTICLE_TYPES, uid: "text", is_actived: ACTIVE_CHOICES },
  sorts: ARTICLE_SORTS,
  defaultSort: "-create_time",
} as const satisfies ListShape<{
  title: "text";
  type: typeof ARTICLE_TYPES;
  uid: "text";
  is_actived: typeof ACTIVE_CHOICES;
}>;
