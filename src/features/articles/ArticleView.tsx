/** One article on its own page: title, dates, cover and the rendered text (spec sections 2, 3). */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { useSetPageSubject } from "../../app/shell/pageSubject.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { useShownTime } from "../../ui/useShownTime.ts";
import { ArticleBody } from "./ArticleBody.tsx";
import { articleText as t } from "./text.ts";
import type { ShownArticle } from "./useArticle.ts";

const useStyles = makeStyles({
  article: { maxWidth: "860px" },
  title: { margin: 0 },
  dates: { display: "flex", gap: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
  cover: {
    maxWidth: "100%",
    maxHeight: "420px",
    objectFit: "cover",
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** An edit later than a minute after publishing is shown as an update. */
const UPDATE_SHOWN_AFTER_MS = 60_000;

export function ArticleView(props: { shown: ShownArticle; before?: ReactNode }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { article, rendered } = props.shown;
  const { date } = useShownTime();
  useSetPageSubject(article.title);
  return (
    <article className={mergeClasses(stack.m, styles.article)} data-article={article.uid}>
      {props.before}
      <Text as="h1" size={800} weight="semibold" className={styles.title}>
        {article.title}
      </Text>
      <div className={styles.dates}>
        <Text size={200}>{tr(i18n, t.publishedAt, { date: date(article.create_time) })}</Text>
        {article.updated_time - article.create_time > UPDATE_SHOWN_AFTER_MS && (
          <Text size={200}>{tr(i18n, t.updatedAt, { date: date(article.updated_time) })}</Text>
        )}
      </div>
      {article.cover_url && (
        <img
          className={styles.cover}
          src={article.cover_url}
          alt={tr(i18n, t.cover, { title: article.title })}
        />
      )}
      <ArticleBody html={rendered.html} />
    </article>
  );
}
