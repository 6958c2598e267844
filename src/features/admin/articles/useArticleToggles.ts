/**
 * Publishing and pinning an article from the list or its view (spec section 4): the call, then a
 * success message naming the article and its new state, then `onChanged` so the screen reloads
 * (pinning moves a row to the top). A refusal is toasted by the API client.
 */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { ArticleSummary } from "../../../../contract/articles.ts";
import { setArticleActive, setArticleTop } from "../../../api/adminArticles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { articleAdminText as t } from "./text.ts";

type Toggled = Pick<ArticleSummary, "uid" | "title">;

export type ArticleToggles = {
  /** The uid of the article being changed, while a call runs. */
  busyUid: string | null;
  setActive(article: Toggled, isActived: boolean): Promise<void>;
  setTop(article: Toggled, isTop: boolean): Promise<void>;
};

export function useArticleToggles(onChanged: () => void): ArticleToggles {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const [busyUid, setBusyUid] = useState<string | null>(null);

  const run = async (article: Toggled, call: () => Promise<void>, done: typeof t.publishedDone) => {
    setBusyUid(article.uid);
    try {
      await call();
      events.emit("success", tr(i18n, done, { title: article.title }));
    } finally {
      setBusyUid(null);
      onChanged();
    }
  };

  return {
    busyUid,
    setActive: (article, isActived) =>
      run(
        article,
        () => setArticleActive(api, article.uid, isActived),
        isActived ? t.publishedDone : t.withdrawnDone,
      ),
    setTop: (article, isTop) =>
      run(article, () => setArticleTop(api, article.uid, isTop), isTop ? t.pinnedDone : t.unpinnedDone),
  };
}
