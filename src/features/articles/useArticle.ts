/**
 * Loads one article in the interface language and renders its markdown. A missing article (404)
 * goes to /404 (spec section 8); other failures stay on the screen with a retry.
 */
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import type { ArticleLang } from "../../../contract/article-rules.ts";
import type { Article } from "../../../contract/articles.ts";
import { articleLang } from "../../api/articles.ts";
import type { ApiClient } from "../../api/client.ts";
import { isNotFound } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";
import { type RenderedArticle, renderArticle } from "./markdown.ts";

export type ArticleFetch = (api: ApiClient, lang: ArticleLang, signal: AbortSignal) => Promise<Article>;

export type ShownArticle = { article: Article; rendered: RenderedArticle };

/** `key` names what `fetch` asks for (its uid or tripitaka), so a new one loads again. */
export function useArticle(
  key: string,
  fetch: ArticleFetch,
): { load: Load<Article>; shown: ShownArticle | null } {
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const lang = articleLang(i18n.locale);
  const load = useLoad(`${key}:${lang}`, (signal) => fetch(api, lang, signal));

  useEffect(() => {
    if (isNotFound(load.error)) void navigate({ to: "/404", replace: true });
  }, [load.error, navigate]);

  const article = load.data;
  const shown = useMemo(
    () => (article ? { article, rendered: renderArticle(article.content) } : null),
    [article],
  );
  return { load, shown };
}
