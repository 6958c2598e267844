/**
 * The lines of a search result as the result list shows them and as the server draws a search's
 * first results (server/plugins/search-drawing.ts).
 */
import { type Script, tripitakaName } from "./names.ts";
import type { SearchItem } from "./search.ts";

/** A reel's years: one year, a span, or nothing. */
export const resultYears = (item: Pick<SearchItem, "start_year" | "end_year">): string =>
  item.start_year === null
    ? ""
    : item.end_year === null || item.end_year === item.start_year
      ? String(item.start_year)
      : `${item.start_year}–${item.end_year}`;

/** The line under a result's title: the sutra's number, author, categories and years. */
export function resultMeta(item: SearchItem, script: Script): string {
  return [
    item.sutra_uid,
    item.dynasty_author,
    item.categories.map((category) => tripitakaName(category.name, script)).join("、"),
    resultYears(item),
  ]
    .filter((part) => part !== "")
    .join(" · ");
}
