/** `/admin/article/add` and `/admin/article/update/{article_uid}`: the article form, empty or loaded. */
import { Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { getRouteApi } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { routeTitles } from "../../../app/routes/titles.ts";
import { LoadStatus } from "../../../ui/Status.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { ArticleForm } from "./ArticleForm.tsx";
import { EMPTY_ARTICLE, valuesOf } from "./articleForm.ts";
import { useAdminArticle } from "./useAdminArticle.ts";

function FormPage(props: { title: string; children: ReactNode }) {
  const stack = useStackStyles();
  return (
    <section className={stack.l} data-admin-article-edit>
      <Text as="h1" size={600} weight="semibold">
        {props.title}
      </Text>
      {props.children}
    </section>
  );
}

export function ArticleAddPage() {
  const { i18n } = useLingui();
  return (
    <FormPage title={i18n._(routeTitles.adminArticleAdd)}>
      <ArticleForm initial={EMPTY_ARTICLE} editedUid={null} />
    </FormPage>
  );
}

const updateRoute = getRouteApi("/admin/article/update/$articleUid");

export function ArticleUpdatePage() {
  const { i18n } = useLingui();
  const { articleUid } = updateRoute.useParams();
  const load = useAdminArticle(articleUid);
  const article = load.data;
  return (
    <FormPage title={i18n._(routeTitles.adminArticleUpdate)}>
      <LoadStatus load={load} />
      {article && <ArticleForm key={article.uid} initial={valuesOf(article)} editedUid={article.uid} />}
    </FormPage>
  );
}
