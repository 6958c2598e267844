/**
 * `/article`: published news, pinned first (spec sections 2, 7): cover, title, summary, date and a
 * pinned mark per row, paged by `page_no` and `page_size` in the address. The list keeps its scroll
 * position while the reader reads an article and comes back.
 */
import { Badge, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { getRouteApi, useLocation, useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import type { ArticleSummary } from "../../../contract/articles.ts";
import { fetchNewsPage } from "../../api/articles.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { useShownTime } from "../../ui/useShownTime.ts";
import { type NewsSearch, parseNewsSearch, printNewsSearch } from "./newsSearch.ts";
import { articleText as t } from "./text.ts";
import { useListScroll } from "./useListScroll.ts";

const newsApi = getRouteApi("/article");

const useStyles = makeStyles({
  page: { maxWidth: "960px" },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  item: {
    display: "flex",
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cover: {
    flex: "0 0 180px",
    height: "112px",
    objectFit: "cover",
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  body: { minWidth: 0 },
  heading: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, margin: 0 },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  summary: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
  date: { color: tokens.colorNeutralForeground3 },
});

function NewsRow(props: { article: ArticleSummary; onOpen: () => void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { article } = props;
  return (
    <li className={styles.item} data-news-item={article.uid} data-pinned={article.is_top || undefined}>
      {article.cover_url && <img className={styles.cover} src={article.cover_url} alt="" loading="lazy" />}
      <div className={mergeClasses(stack.s, styles.body)}>
        <h2 className={styles.heading}>
          {article.is_top && (
            <Badge appearance="filled" color="brand" data-news-pinned>
              {i18n._(t.pinned)}
            </Badge>
          )}
          <RouterLink
            className={styles.title}
            to="/article/$articleUid"
            params={{ articleUid: article.uid }}
            onClick={props.onOpen}
          >
            {article.title}
          </RouterLink>
        </h2>
        <Text className={styles.summary}>{article.summary}</Text>
        <Text size={200} className={styles.date}>
          {tr(i18n, t.publishedAt, { date: time.date(article.create_time) })}
        </Text>
      </div>
    </li>
  );
}

export function NewsListScreen() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const printed = newsApi.useSearch();
  const search = useMemo(() => parseNewsSearch(printed), [printed]);
  const { pathname, searchStr } = useLocation();
  const load = useLoad(`news:${search.page_no}:${search.page_size}`, (signal) =>
    fetchNewsPage(api, { pageNo: search.page_no, pageSize: search.page_size }, signal),
  );
  const page = load.data;
  const rememberScroll = useListScroll(`${pathname}${searchStr}`, page !== undefined);

  const go = (next: NewsSearch) => void navigate({ to: "/article", search: printNewsSearch(next) });

  return (
    <section className={mergeClasses(stack.m, styles.page)} data-news-list>
      <Text as="h1" size={700} weight="semibold">
        {i18n._(t.newsTitle)}
      </Text>
      {!page && <LoadStatus load={load} />}
      {page && page.list.length === 0 && <Text>{i18n._(t.newsEmpty)}</Text>}
      {page && page.list.length > 0 && (
        <ul className={styles.list}>
          {page.list.map((article) => (
            <NewsRow key={article.uid} article={article} onOpen={rememberScroll} />
          ))}
        </ul>
      )}
      {page && page.total > 0 && (
        <Pagination
          pageNo={search.page_no}
          pageSize={search.page_size}
          total={page.total}
          onChange={(pageNo, pageSize) => go({ page_no: pageNo, page_size: pageSize })}
        />
      )}
    </section>
  );
}
