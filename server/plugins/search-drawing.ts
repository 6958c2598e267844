/**
 * A search page as the server sends it for an address that holds only a keyword, from a reader
 * whose searches look as a guest's do by default (the search-look cookie): the search's answer, as
 * the search route answers the app's request, which the app takes instead of asking
 * (src/features/search/serverSearch.ts), and its first results drawn, to be read before any script
 * runs: the first reels of the list with their titles, hits and snippets, each snippet's hits
 * marked and its link into the reel, where the app will show them (styles in index.html); the app
 * replaces the drawing when it starts. Not drawn when the build's catalogue texts do not fill in
 * plainly, nor when the keyword names a sutra (the app then shows those sutras above the results).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  OWN_SEARCH_LOOK,
  pathSegments,
  SEARCH_LOOK_COOKIE,
  searchAnswerPath,
} from "../../contract/app-screens.ts";
import { countDisplay } from "../../contract/count-display.ts";
import { ok } from "../../contract/envelope.ts";
import { type FirstScreenTexts, fillText, type SearchTextId } from "../../contract/first-screen-texts.ts";
import { splitHighlights } from "../../contract/highlight-pieces.ts";
import type { AppLocale } from "../../contract/locale-rules.ts";
import { type Script, sutraName } from "../../contract/names.ts";
import { type SearchItem, type SearchResult, type Snippet, searchBody } from "../../contract/search.ts";
import {
  keywordOnlyRequest,
  SEARCH_FIRST_CARDS,
  SEARCH_KEYWORD_MAX,
  searchTerms,
  sutraNamesMatcher,
} from "../../contract/search-options.ts";
import { resultMeta } from "../../contract/search-result-lines.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { requireTripitaka } from "../modules/canon/require-tripitaka.ts";
import { recordServerEvent } from "../modules/oplog/record-server-event.ts";
import { searchPage } from "../modules/search/search-service.ts";
import { escapeAttribute, escapeText } from "./html-escape.ts";
import type { PageAnswer } from "./web-page.ts";

export type SearchDrawing = (locale: AppLocale, result: SearchResult, txtType: TxtType) => string | null;

const reelLink = (item: SearchItem, snippet: Snippet): string =>
  `/scroll/${encodeURIComponent(item.reel_uid)}?cid=${encodeURIComponent(snippet.cid)}`;

function markedText(snippet: Snippet): string {
  return splitHighlights(snippet.text, snippet.highlights)
    .map((piece) =>
      piece.kind === null
        ? escapeText(piece.text)
        : `<mark class="boot-${piece.kind}">${escapeText(piece.text)}</mark>`,
    )
    .join("");
}

export function createSearchDrawing(texts: FirstScreenTexts): SearchDrawing {
  return (locale, result, txtType) => {
    const catalogue = texts[locale];
    if (!catalogue || result.list.length === 0) return null;
    const say = (id: SearchTextId, values: Record<string, string | number> = {}): string | null => {
      const message = catalogue[id];
      return message === undefined ? null : fillText(message, values, locale);
    };
    const hits = (count: number): string | null => {
      const shown = countDisplay(count, locale);
      if (shown.kind === "plain") return say("search.hits", { count: shown.value });
      const tenThousands = say("search.count.tenThousands", { count: shown.value });
      return tenThousands === null ? null : say("search.hits", { count: tenThousands });
    };
    const openReel = say("search.openReel");
    const preview = say("search.preview");
    if (openReel === null || preview === null) return null;
    const script: Script = txtType === "sim_txt" ? "sim" : "trad";

    const cards: string[] = [];
    for (const item of result.list.slice(0, SEARCH_FIRST_CARDS)) {
      const badge = hits(item.keyword_count);
      if (badge === null) return null;
      const name = escapeText(sutraName(item.sutra_name, script));
      const first = item.txts[0];
      const snippets = item.txts.map(
        (snippet) =>
          `<div class="boot-snippet"><span>${markedText(snippet)}</span><div>` +
          `<a href="${escapeAttribute(reelLink(item, snippet))}">${escapeText(openReel)}</a>` +
          `<span class="boot-preview">${escapeText(preview)}</span></div></div>`,
      );
      cards.push(
        '<article class="boot-result"><div class="boot-result-title">' +
          `<span>${first ? `<a href="${escapeAttribute(reelLink(item, first))}">${name}</a>` : name}</span>` +
          `<span>${escapeText(item.reel_name)}</span><span class="boot-badge">${escapeText(badge)}</span></div>` +
          `<div class="boot-result-meta">${escapeText(resultMeta(item, script))}</div>${snippets.join("")}</article>`,
      );
    }
    return `<div class="boot-results">${cards.join("")}</div>`;
  };
}

/** Whether the keyword names a sutra (src/features/search/sutraMatch.ts), from the search's cached catalogue. */
async function namesASutra(app: FastifyInstance, tripitakaUid: string, keyword: string): Promise<boolean> {
  const matches = sutraNamesMatcher(keyword);
  if (!matches) return false;
  const { sutras } = await app.searchDeps.catalogue(tripitakaUid);
  for (const sutra of sutras.values())
    if (matches(`${sutra.nameSim}|${sutra.nameTrad}|${sutra.uid}`)) return true;
  return false;
}

/** The search's answer and first results for the page, or null when the page holds neither. */
export async function searchPageContents(
  app: FastifyInstance,
  draw: SearchDrawing,
  path: string,
  locale: AppLocale,
  request: FastifyRequest,
): Promise<{ answer: PageAnswer; drawing: string | null } | null> {
  const uid = pathSegments(path)[0];
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!uid || Object.keys(query).some((key) => key !== "keyword")) return null;
  if (request.cookies?.[SEARCH_LOOK_COOKIE] === OWN_SEARCH_LOOK) return null;
  const keyword = typeof query.keyword === "string" ? query.keyword.trim().slice(0, SEARCH_KEYWORD_MAX) : "";
  if (searchTerms(keyword).length === 0) return null;
  const body = keywordOnlyRequest(keyword, locale);
  try {
    await requireTripitaka(app.deps.canon.db, uid);
    const [result, named] = await Promise.all([
      searchPage(app.searchDeps, uid, searchBody.parse(body), []),
      namesASutra(app, uid, keyword),
    ]);
    recordServerEvent(app, request, {
      tripitakaUid: uid,
      eventId: "FULLTEXT_SEARCH",
      extra: { keyword: body.keyword, search_mode: body.search_mode },
    });
    const answer = { path: searchAnswerPath(uid, body), json: JSON.stringify(ok(result)), draw: false };
    return { answer, drawing: named ? null : draw(locale, result, body.txt_type) };
  } catch (error) {
    request.log.warn({ err: error }, "search not put in the page");
    return null;
  }
}
